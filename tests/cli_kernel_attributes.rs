//! Kernel attributes (`reqd_work_group_size`, `work_group_size_hint`, `vec_type_hint`,
//! argument qualifiers) in the module clc writes, through the command line.

use common::*;

mod common;

/// Attributes written on a kernel's first declaration hold for its definition, as in
/// clang-22's modules (clc dropped them before stop 37).
#[test]
fn kernel_attributes_of_an_earlier_declaration_reach_the_module() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "k.cl",
        "kernel void k(global int *o) __attribute__((reqd_work_group_size(8, 1, 1)));\n\
         kernel void k(global int *o) { o[get_global_id(0)] = 1; }\n\
         __attribute__((work_group_size_hint(4, 2, 1))) __attribute__((vec_type_hint(float4)))\n\
         kernel void h(global int *o);\n\
         kernel void h(global int *o) { o[get_global_id(0)] = 2; }\n\
         kernel void plain(global int *o) { o[0] = 3; }\n",
    );
    let o = clc(d.path(), &["-S", "k.cl", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    for needle in [
        "OpExecutionMode %k LocalSize 8 1 1",
        "OpExecutionMode %h LocalSizeHint 4 2 1",
        "OpExecutionMode %h VecTypeHint 262149",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    assert!(!text.contains("%plain LocalSize"), "{text}");
}

#[test]
fn kernel_argument_attributes_reach_the_module() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "k.cl",
        "__attribute__((vec_type_hint(float4))) __attribute__((reqd_work_group_size(8, 1, 1)))\nkernel void k(global const float4 *restrict a, global float *b, int n) { b[0] = a[0].x + n; }\n",
    );
    let o = clc(d.path(), &["-S", "k.cl", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    for needle in [
        "OpDecorate %a FuncParamAttr NoAlias",
        "OpDecorate %a FuncParamAttr NoWrite",
        "OpExecutionMode %k LocalSize 8 1 1",
        "OpExecutionMode %k VecTypeHint 262149",
        "OpExecutionMode %k ContractionOff",
        "OpString \"kernel_arg_type.k.float4*,float*,int,\"",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    let o = clc(d.path(), &["-S", "-cl-mad-enable", "k.cl", "-o", "-"]);
    assert!(
        !String::from_utf8(o.stdout)
            .unwrap()
            .contains("ContractionOff"),
        "-cl-mad-enable allows contraction"
    );
}
