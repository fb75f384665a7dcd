//! The model sources of `java.util` (see [`crate::library`]) after lowering: library code, not
//! the user's. Their methods become [`MethodKind::Library`] (after dispatch is known, so they
//! override and implement as Java says), their code loses its statements — no coverage, no
//! steps, no branch events, nothing a core may relax or a ranking may blame — and their
//! statements leave the table (they were numbered last, since the model files come last).

use super::body::MADE_UP;
use crate::ir::*;

/// Makes the model classes' methods library code.
pub(crate) fn seal_models(p: &mut Program) {
    let model_file = |f: FileId| {
        p.files
            .get(f.0 as usize)
            .is_some_and(|f| crate::library::is_model_path(&f.path))
    };
    let models: Vec<bool> = p.methods.iter().map(|m| model_file(m.file)).collect();
    if !models.contains(&true) {
        return;
    }
    if let Some(cut) = p.stmts.iter().position(|s| model_file(s.file)) {
        p.stmts.truncate(cut);
    }
    for (m, is_model) in p.methods.iter_mut().zip(models) {
        if is_model {
            m.kind = MethodKind::Library;
            unstate(&mut m.body.block);
        }
    }
}

/// Makes every method of the program but `keep` library code, as the models are: only `keep`'s
/// statements are then covered, counted, relaxed by a core or ranked — what a test method
/// analysed as the program needs (`--spec-from-test`: the test's own code and the helpers it
/// calls are not suspects). Statement ids stay; the sealed ones are simply never reached.
pub fn blame_only(p: &mut Program, keep: MethodId) {
    for m in p.methods.iter_mut() {
        if m.id != keep && m.kind == MethodKind::Source {
            m.kind = MethodKind::Library;
            unstate(&mut m.body.block);
        }
    }
}

/// Drops the statement events of `block` (and its nested blocks) and gives every node the
/// made-up statement.
fn unstate(block: &mut Block) {
    block.retain(|n| {
        !matches!(
            n.kind,
            NodeKind::Enter | NodeKind::Cover | NodeKind::Branch { .. } | NodeKind::Resume
        )
    });
    for n in block.iter_mut() {
        n.stmt = MADE_UP;
        for b in n.kind.blocks_mut() {
            deep(|| unstate(b));
        }
    }
}
