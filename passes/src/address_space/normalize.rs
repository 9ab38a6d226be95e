//! `normalize-address-spaces`: makes every AS-2 default explicit.
//!
//! * parameters and function-scope variables without a qualifier → `__private`;
//! * program-scope and `static` variables → `__global` where the language has
//!   program-scope global variables, else `__private` (which `check-address-spaces` then
//!   rejects under AS-6, as clang does);
//! * an unqualified pointee → `__generic` with the generic address space, else `__private`.
//! * a place (lvalue expression) without a space → the space of the object it designates:
//!   its variable's, its struct base's, or its pointer's pointee space (`__private` if none).
//!
//! Pointer types are interned, so the pass computes a replacement for every type handle
//! and rewrites each handle in the module once.

use crate::ast::{AddressSpace, Category, ExprKind, Handle, Module, QualType, Type};

/// Runs the pass.
pub fn run(module: &mut Module) {
    let pointee_default = if module.lang.generic_address_space {
        AddressSpace::Generic
    } else {
        AddressSpace::Private
    };
    let global_default = if module.lang.program_scope_globals {
        AddressSpace::Global
    } else {
        AddressSpace::Private
    };

    // Types only refer to types interned before them, so one forward sweep maps them all.
    let count = module.types.len();
    let mut map: Vec<Handle<Type>> = Vec::with_capacity(count);
    let handles: Vec<_> = module.types.iter().map(|(h, _)| h).collect();
    for h in handles {
        let new = match module.types.get(h).clone() {
            Type::Pointer {
                pointee,
                space,
                is_const,
                is_volatile,
            } => module.types.intern(Type::Pointer {
                pointee: remap(&map, pointee),
                space: Some(space.unwrap_or(pointee_default)),
                is_const,
                is_volatile,
            }),
            Type::Array { elem, len } => module.types.intern(Type::Array {
                elem: remap(&map, elem),
                len,
            }),
            _ => h,
        };
        map.push(new);
    }
    for (_, def) in module.types.structs.iter_mut() {
        for f in &mut def.fields {
            f.ty = remap(&map, f.ty);
        }
    }

    for (_, g) in module.globals.iter_mut() {
        g.ty = qual(&map, g.ty, global_default);
    }
    let global_spaces: Vec<_> = module.globals.iter().map(|(_, g)| g.ty.space).collect();
    for (_, f) in module.functions.iter_mut() {
        // AS-10: the result's own qualifier is kept as written so the check can reject it.
        f.result.ty = remap(&map, f.result.ty);
        for (_, l) in f.locals.iter_mut() {
            l.ty = qual(&map, l.ty, AddressSpace::Private);
        }
        let handles: Vec<_> = f.exprs.iter().map(|(h, _)| h).collect();
        for h in handles {
            // A place without a space designates an object whose space is known by now:
            // a variable's (declarations are normalized above), a struct member's base, or
            // a dereferenced pointer's pointee. Operands precede their users, so the base
            // place or the dereferenced pointer is already normalized.
            let derived = match f.exprs[h].kind {
                ExprKind::Deref(p) | ExprKind::Index { base: p, .. } => module
                    .types
                    .as_pointer(f.exprs[p].ty)
                    .and_then(|(_, space, _)| space),
                ExprKind::Local(l) | ExprKind::CompoundLiteral { local: l, .. } => {
                    f.locals.get(l).and_then(|l| l.ty.space)
                }
                ExprKind::Global(g) => global_spaces.get(g.index()).copied().flatten(),
                ExprKind::Member { base, .. } | ExprKind::Swizzle { base, .. } => {
                    match f.exprs.get(base).map(|b| b.category) {
                        Some(Category::Place { space, .. }) => space,
                        _ => None,
                    }
                }
                _ => None,
            };
            let e = &mut f.exprs[h];
            e.ty = remap(&map, e.ty);
            if let Category::Place { space, .. } = &mut e.category {
                if space.is_none() {
                    *space = Some(derived.unwrap_or(AddressSpace::Private));
                }
            }
            // Compound assignments record a computation type outside `Expr::ty`.
            if let ExprKind::CompoundAssign { compute, .. } = &mut e.kind {
                *compute = remap(&map, *compute);
            }
        }
    }
}

fn remap(map: &[Handle<Type>], h: Handle<Type>) -> Handle<Type> {
    map.get(h.index()).copied().unwrap_or(h)
}

fn qual(map: &[Handle<Type>], q: QualType, default: AddressSpace) -> QualType {
    QualType {
        ty: remap(map, q.ty),
        space: Some(q.space.unwrap_or(default)),
        is_const: q.is_const,
    }
}
