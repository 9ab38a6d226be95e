//! `cargo run -p clc-fuzz-checks --example write_seeds DIR`: writes every sample kernel as a
//! `compile` fuzz input (OpenCL and Vulkan targets) into DIR, to seed a corpus before
//! `cargo fuzz cmin` (TESTING.md).

fn main() -> std::io::Result<()> {
    let Some(dir) = std::env::args_os().nth(1) else {
        eprintln!("usage: write_seeds DIR");
        std::process::exit(2);
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir)?;
    let mut n = 0;
    for vulkan in [false, true] {
        for (path, input) in clc_fuzz_checks::sample_kernels(vulkan) {
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            let name = format!(
                "{}-{}",
                stem.unwrap_or_default(),
                if vulkan { "vk" } else { "cl" }
            );
            std::fs::write(dir.join(name), input)?;
            n += 1;
        }
    }
    println!("{n} seeds in {}", dir.display());
    Ok(())
}
