//! Gives every `OpSwitch` edge into a block with `OpPhi`s a block of its own.
//!
//! After `SSARewrite`, a `switch` whose labels share a target (`default:` stacked on `case 2:`,
//! or a case that jumps straight to the merge block) leaves a phi whose block is reached by
//! several edges from the one switch block; SPIR-V gives such a phi one (value, parent) pair
//! for the parent. Intel's CPU runtime (2021.2) reads that wrongly: every work-item took the
//! value of another predecessor (`kernels/control/switch_shared_target`, from clc-smith seed
//! 300036, where all 8 work-items got `case 0:`'s hash at `-O2`). After this pass each extra
//! edge goes through a new block that only branches on, and the phi gets a pair for it, so
//! every phi has exactly one pair per incoming edge.

use rspirv::dr::{Block, Instruction, Module, Operand};
use rspirv::spirv::Op;

/// Splits the shared `OpSwitch` edges into phi blocks in every function of `module`.
/// Returns whether anything changed.
pub(super) fn split(module: &mut Module) -> bool {
    let Some(header) = module.header.as_mut() else {
        return false;
    };
    let mut bound = header.bound;
    let mut changed = false;
    for function in &mut module.functions {
        let mut at = 0;
        while at < function.blocks.len() {
            let Some(from) = function.blocks[at].label.as_ref().and_then(|l| l.result_id) else {
                at += 1;
                continue;
            };
            let operands = match function.blocks[at].instructions.last() {
                Some(term) if term.class.opcode == Op::Switch => term.operands.clone(),
                _ => {
                    at += 1;
                    continue;
                }
            };
            // Operand positions of the targets: the default (1), then every second from 3.
            let positions: Vec<usize> = std::iter::once(1)
                .chain((3..operands.len()).step_by(2))
                .collect();
            let mut seen: Vec<u32> = Vec::new();
            let mut new_blocks: Vec<Block> = Vec::new();
            let mut retargets: Vec<(usize, u32)> = Vec::new();
            for &p in &positions {
                let Some(Operand::IdRef(target)) = operands.get(p) else {
                    continue;
                };
                let target = *target;
                if !seen.contains(&target) {
                    seen.push(target);
                    continue;
                }
                if !has_phi(&function.blocks, target) {
                    continue;
                }
                let id = bound;
                bound += 1;
                retargets.push((p, id));
                new_blocks.push(Block {
                    label: Some(Instruction::new(Op::Label, None, Some(id), vec![])),
                    instructions: vec![Instruction::new(
                        Op::Branch,
                        None,
                        None,
                        vec![Operand::IdRef(target)],
                    )],
                });
                // The phi's value for the switch block, now also coming from `id`.
                add_phi_parent(&mut function.blocks, target, from, id);
            }
            if new_blocks.is_empty() {
                at += 1;
                continue;
            }
            changed = true;
            if let Some(term) = function.blocks[at].instructions.last_mut() {
                for (p, id) in retargets {
                    term.operands[p] = Operand::IdRef(id);
                }
            }
            let n = new_blocks.len();
            function.blocks.splice(at + 1..at + 1, new_blocks);
            at += 1 + n;
        }
    }
    if let Some(header) = module.header.as_mut() {
        header.bound = bound;
    }
    changed
}

fn block_index(blocks: &[Block], label: u32) -> Option<usize> {
    blocks
        .iter()
        .position(|b| b.label.as_ref().and_then(|l| l.result_id) == Some(label))
}

fn has_phi(blocks: &[Block], label: u32) -> bool {
    block_index(blocks, label).is_some_and(|i| {
        blocks[i]
            .instructions
            .first()
            .is_some_and(|inst| inst.class.opcode == Op::Phi)
    })
}

/// In each phi of block `label`, a pair (the value for `parent`, `new_parent`).
fn add_phi_parent(blocks: &mut [Block], label: u32, parent: u32, new_parent: u32) {
    let Some(i) = block_index(blocks, label) else {
        return;
    };
    for inst in &mut blocks[i].instructions {
        if inst.class.opcode != Op::Phi {
            break;
        }
        let value = inst
            .operands
            .chunks(2)
            .find(|pair| pair.get(1) == Some(&Operand::IdRef(parent)))
            .and_then(|pair| pair.first().cloned());
        if let Some(value) = value {
            inst.operands.push(value);
            inst.operands.push(Operand::IdRef(new_parent));
        }
    }
}
