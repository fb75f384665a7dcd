//! Which statements read what other statements pass across a call: a static, flow-insensitive
//! def-use relation over the source methods, restricted to the values calls carry — an
//! argument into the callee's reads of its parameter, a returned value into the calling
//! statement. It orders statements that are otherwise tied: along such a chain each statement
//! can repair a failing run alone, and the chain's source is where a wrong value enters
//! (docs/LOCALIZE.md, step 7). Local and field def-use chains are left out on purpose: there the
//! fault is as often a use reading the wrong operand as a definition computing the wrong value
//! (measured in docs/LOCALIZE.md).

use crate::ir::{MethodId, NodeKind, Operand, Program, Rvalue, StmtId, VarId, VarKind};
use std::collections::{BTreeSet, HashMap};

/// A value a call carries.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Loc {
    /// A parameter of a method (its variable).
    Param(MethodId, VarId),
    /// The value a method returns.
    Returned(MethodId),
}

/// What one statement writes and reads.
#[derive(Default)]
struct Access {
    writes: BTreeSet<Loc>,
    reads: BTreeSet<Loc>,
}

/// For every statement of a source method, the other statements that read a value it passes
/// across a call: the value its method returns (read by the statements calling that method), an
/// argument it passes (read by the callee's statements that read the parameter).
pub fn readers(program: &Program) -> HashMap<StmtId, BTreeSet<StmtId>> {
    let mut access: HashMap<StmtId, Access> = HashMap::new();
    for m in &program.methods {
        if program.is_library_class(&m.class) {
            continue;
        }
        crate::ir::walk(&m.body.block, &mut |n| {
            let a = access.entry(n.stmt).or_default();
            node_access(program, m.id, &n.kind, a);
        });
    }
    let mut by_loc: HashMap<&Loc, Vec<StmtId>> = HashMap::new();
    for (s, a) in &access {
        for l in &a.reads {
            by_loc.entry(l).or_default().push(*s);
        }
    }
    access
        .iter()
        .map(|(s, a)| {
            let readers = (a.writes.iter())
                .flat_map(|l| by_loc.get(l).into_iter().flatten())
                .filter(|r| *r != s)
                .copied()
                .collect();
            (*s, readers)
        })
        .collect()
}

/// The places node `kind` of method `m` writes and reads, added to `a`.
fn node_access(program: &Program, m: MethodId, kind: &NodeKind, a: &mut Access) {
    let vars = &program.method(m).body.vars;
    for op in kind.operands() {
        if let Operand::Var(v) = op {
            if vars
                .get(v.0 as usize)
                .is_some_and(|x| x.kind == VarKind::Param)
            {
                a.reads.insert(Loc::Param(m, *v));
            }
        }
    }
    match kind {
        NodeKind::Let { value, .. } => rvalue_access(program, value, a),
        NodeKind::Return(Some(_)) => {
            a.writes.insert(Loc::Returned(m));
        }
        _ => {}
    }
}

/// What evaluating `value` reads (callees' results) and writes (callees' parameters).
fn rvalue_access(program: &Program, value: &Rvalue, a: &mut Access) {
    match value {
        Rvalue::Call { method, args, .. } => {
            for t in targets(program, *method) {
                a.reads.insert(Loc::Returned(t));
                passes(t, args.len(), a);
            }
        }
        Rvalue::New {
            ctor: Some(c),
            args,
            ..
        } => passes(*c, args.len(), a),
        _ => {}
    }
}

/// A call passing `n` arguments to `callee` writes its first `n` parameters (declared first).
fn passes(callee: MethodId, n: usize, a: &mut Access) {
    a.writes
        .extend((0..n).map(|i| Loc::Param(callee, VarId(i as u32))));
}

/// `m` and every method a virtual call of `m` may run.
fn targets(program: &Program, m: MethodId) -> BTreeSet<MethodId> {
    let mut out: BTreeSet<MethodId> = (program.dispatch.iter())
        .filter(|((called, _), _)| *called == m)
        .map(|(_, runs)| *runs)
        .collect();
    out.insert(m);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_sources;
    use sattar_jdk::SourceText;

    fn program(text: &str) -> Program {
        let src = SourceText {
            path: "Q.java".into(),
            text: text.into(),
        };
        parse_sources(&[src]).unwrap_or_else(|d| panic!("{d:?}"))
    }

    fn at(p: &Program, line: u32) -> StmtId {
        let s = p.stmts.iter().find(|s| s.line == line);
        s.unwrap_or_else(|| panic!("no statement on line {line}"))
            .id
    }

    /// A return feeds the call's statement; an argument feeds the callee's reads of its
    /// parameter; a local's definition and a field's store feed nothing here.
    #[test]
    fn calls_carry_arguments_and_results_and_nothing_else() {
        let p = program(
            "class Q {\n    int f;\n    int get(int x) {\n        int k = x + f;\n        return k;\n    }\n    void put(int v) {\n        f = v;\n        int r = get(v);\n    }\n}\n",
        );
        let r = readers(&p);
        let feeds = |a: u32, b: u32| r[&at(&p, a)].contains(&at(&p, b));
        assert!(feeds(5, 9), "the return feeds the call's assignment");
        assert!(feeds(9, 4), "the argument feeds the callee's read of x");
        assert!(!feeds(4, 5), "a local's definition is not followed");
        assert!(!feeds(8, 4), "nor a field's store");
        assert!(!feeds(5, 4), "`return k` writes nothing `int k = …` reads");
    }
}
