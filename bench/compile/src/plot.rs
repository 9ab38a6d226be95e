//! SVG plots of the scaling figures: per input family, time and peak memory against input
//! size, both axes logarithmic, one line per command.

use std::path::Path;

use anyhow::{anyhow, Result};
use plotters::prelude::*;

use crate::scaling::{Family, Point, TOOLS};

const COLORS: [RGBColor; 3] = [
    RGBColor(200, 30, 30),
    RGBColor(30, 90, 200),
    RGBColor(110, 110, 110),
];

/// Writes `path`: two panels (wall time, peak RSS) for `family`'s points.
pub fn scaling(path: &Path, family: Family, points: &[Point]) -> Result<()> {
    let pts: Vec<&Point> = points.iter().filter(|p| p.family == family).collect();
    if pts.is_empty() {
        return Ok(());
    }
    let root = SVGBackend::new(path, (1100, 440)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let (left, right) = root.split_horizontally(550);
    let x_name = match family {
        Family::Statements => "statements in one kernel",
        Family::Kernels => "kernels in one file",
    };
    panel(&left, &pts, x_name, "wall time (s)", |p| p.median_wall_s)?;
    panel(&right, &pts, x_name, "peak memory (MiB)", |p| {
        p.median_rss_mib
    })?;
    root.present().map_err(err)?;
    Ok(())
}

fn panel(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    pts: &[&Point],
    x_name: &str,
    y_name: &str,
    y: impl Fn(&Point) -> f64,
) -> Result<()> {
    let xmin = pts.iter().map(|p| p.size).min().unwrap_or(1).max(1) as f64;
    let xmax = pts.iter().map(|p| p.size).max().unwrap_or(10) as f64;
    let ys = pts.iter().map(|p| y(p)).filter(|v| *v > 0.0);
    let ymin = ys.clone().fold(f64::INFINITY, f64::min) * 0.7;
    let ymax = ys.fold(0.0, f64::max) * 1.5;
    let mut chart = ChartBuilder::on(area)
        .caption(y_name, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (xmin * 0.8..xmax * 1.25).log_scale(),
            (ymin.max(1e-3)..ymax.max(1e-2)).log_scale(),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .light_line_style(RGBColor(238, 238, 238))
        .x_desc(x_name)
        .y_desc(y_name)
        .x_label_formatter(&|v| human(*v))
        .y_label_formatter(&|v| {
            format!("{v:.3}")
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string()
        })
        .draw()
        .map_err(err)?;
    for (i, tool) in TOOLS.iter().enumerate() {
        let mut line: Vec<(f64, f64)> = pts
            .iter()
            .filter(|p| p.tool == *tool)
            .map(|p| (p.size as f64, y(p).max(1e-3)))
            .collect();
        line.sort_by(|a, b| a.0.total_cmp(&b.0));
        let color = COLORS[i];
        chart
            .draw_series(LineSeries::new(line.clone(), color.stroke_width(2)))
            .map_err(err)?
            .label(tool.label())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
            });
        chart
            .draw_series(
                line.iter()
                    .map(|&(x, y)| Circle::new((x, y), 3, color.filled())),
            )
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    Ok(())
}

fn human(v: f64) -> String {
    if v >= 1e6 {
        format!("{}M", v / 1e6)
    } else if v >= 1e3 {
        format!("{}k", v / 1e3)
    } else {
        format!("{v}")
    }
}

fn err<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("plotting failed: {e:?}")
}
