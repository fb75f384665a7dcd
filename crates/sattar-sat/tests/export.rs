//! DIMACS / GCNF / WCNF export, parsed back with a tiny parser and re-solved with a fresh CaDiCaL
//! that knows nothing of the session.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_sat::{Bool, CoreResult, GroupId, Outcome, Session};

/// A parsed file: header words, and clauses with their prefix (group tag or weight, if any).
struct Parsed {
    header: Vec<String>,
    clauses: Vec<(Option<u64>, Vec<isize>)>,
}

/// Parses DIMACS-like text; `prefix` says how each clause line starts: "{g}", a weight, or nothing.
fn parse(text: &str, prefix: &str) -> Parsed {
    let mut header = Vec::new();
    let mut clauses = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.trim().is_empty())
    {
        let mut words = line.split_whitespace();
        if line.starts_with('p') {
            header = words.map(str::to_string).collect();
            continue;
        }
        let tag = match prefix {
            "group" => words.next().map(|w| {
                w.trim_matches(|c| c == '{' || c == '}')
                    .parse()
                    .expect("group")
            }),
            "weight" => words.next().map(|w| w.parse().expect("weight")),
            _ => None,
        };
        let lits: Vec<isize> = words.map(|w| w.parse().expect("literal")).collect();
        assert_eq!(lits.last(), Some(&0), "clause ends with 0: {line}");
        clauses.push((tag, lits[..lits.len() - 1].to_vec()));
    }
    Parsed { header, clauses }
}

/// hard: x0 ∨ x1 (one clause) plus the definitions of the gates used in groups.
/// g1: x0 ∧ x1 ∧ x2 (three unit clauses); g2: ¬x0 ∨ ¬x1 (one clause); g3: x3 ⊕ x4 (one unit
/// over a Tseitin variable, definitions hard); g4: nothing.
fn sample() -> (Session, Vec<GroupId>) {
    let mut s = Session::new();
    let c = s.circuit_mut();
    let x: Vec<Bool> = (0..5).map(|_| c.input()).collect();
    let hard = c.or2(x[0], x[1]);
    let all3 = c.and(&[x[0], x[1], x[2]]);
    let nand = c.or2(!x[0], !x[1]);
    let parity = c.xor(x[3], x[4]);
    s.assert_hard(hard);
    let g: Vec<GroupId> = ["all three", "not both", "parity\nline", "empty"]
        .iter()
        .map(|l| s.new_group(*l))
        .collect();
    s.assert_in_group(all3, g[0]).expect("own group");
    s.assert_in_group(nand, g[1]).expect("own group");
    s.assert_in_group(parity, g[2]).expect("own group");
    (s, g)
}

fn count(p: &Parsed, tag: u64) -> usize {
    p.clauses.iter().filter(|(t, _)| *t == Some(tag)).count()
}

#[test]
fn dimacs_gcnf_wcnf_counts_and_groups_agree() {
    let (s, g) = sample();
    let (v, n, groups) = (s.num_vars(), s.num_clauses(), s.num_groups());
    // 1 hard clause + 4 xor-definition clauses hard; groups: 3 + 1 + 1 + 0.
    assert_eq!(n, 1 + 4 + 3 + 1 + 1);

    let dimacs = parse(&s.dimacs(), "");
    assert_eq!(dimacs.header, ["p", "cnf", &v.to_string(), &n.to_string()]);
    assert_eq!(dimacs.clauses.len(), n);

    let gcnf = parse(&s.gcnf(), "group");
    assert_eq!(
        gcnf.header,
        [
            "p",
            "gcnf",
            &v.to_string(),
            &n.to_string(),
            &groups.to_string()
        ]
    );
    assert_eq!(gcnf.clauses.len(), n);
    assert_eq!(
        (
            count(&gcnf, 0),
            count(&gcnf, 1),
            count(&gcnf, 2),
            count(&gcnf, 3),
            count(&gcnf, 4)
        ),
        (5, 3, 1, 1, 0)
    );
    assert!(
        s.gcnf().contains("c group 3 parity line"),
        "labels are one comment line each"
    );
    let plain: Vec<_> = gcnf.clauses.iter().map(|(_, l)| l.clone()).collect();
    assert_eq!(
        plain,
        dimacs
            .clauses
            .iter()
            .map(|(_, l)| l.clone())
            .collect::<Vec<_>>()
    );

    let wcnf = parse(&s.wcnf(), "weight");
    let top = (groups + 1) as u64;
    assert_eq!(
        wcnf.header,
        [
            "p",
            "wcnf",
            &v.to_string(),
            &(n + groups).to_string(),
            &top.to_string()
        ]
    );
    assert_eq!(count(&wcnf, top), n);
    let softs: Vec<&Vec<isize>> = wcnf
        .clauses
        .iter()
        .filter(|(w, _)| *w == Some(1))
        .map(|(_, l)| l)
        .collect();
    assert_eq!(softs.len(), groups);
    // The k-th soft unit is group k's selector: exactly the clauses of group k carry its negation.
    for (k, soft) in softs.iter().enumerate() {
        assert_eq!(soft.len(), 1);
        let guarded = wcnf
            .clauses
            .iter()
            .filter(|(_, l)| l.contains(&-soft[0]))
            .count();
        assert_eq!(guarded, count(&gcnf, k as u64 + 1), "group {}", g[k]);
    }
}

/// Loads clauses into a fresh solver.
fn load(clauses: &[Vec<isize>]) -> cadical::Solver {
    let mut solver = cadical::Solver::new();
    for c in clauses {
        solver.add_clause(c.iter().map(|&d| d as i32));
    }
    solver
}

/// Deletion-based MUS over the exported GCNF, done independently of the session.
fn gcnf_mus(parsed: &Parsed, groups: usize, top_var: usize) -> Vec<u64> {
    let sel = |g: u64| (top_var as u64 + g) as isize;
    let clauses: Vec<Vec<isize>> = parsed
        .clauses
        .iter()
        .map(|(t, l)| match t {
            Some(0) | None => l.clone(),
            Some(g) => l.iter().copied().chain([-sel(*g)]).collect(),
        })
        .collect();
    let mut solver = load(&clauses);
    let mut core: Vec<u64> = (1..=groups as u64).collect();
    let mut i = 0;
    while i < core.len() {
        let trial: Vec<u64> = core.iter().copied().filter(|&g| g != core[i]).collect();
        let lits = trial.iter().map(|&g| sel(g) as i32);
        if solver.solve_with(lits).expect("no interrupt") {
            i += 1;
        } else {
            core = trial;
        }
    }
    core
}

#[test]
fn exported_problem_means_the_same_to_an_external_solver() {
    let (mut s, g) = sample();
    // With all groups on the problem is unsat (x0 ∧ x1 against ¬x0 ∨ ¬x1): DIMACS agrees.
    assert!(matches!(s.solve_all(), Ok(Outcome::Unsat(_))));
    let dimacs = parse(&s.dimacs(), "");
    let clauses: Vec<Vec<isize>> = dimacs.clauses.iter().map(|(_, l)| l.clone()).collect();
    assert!(!load(&clauses).solve().expect("plain solve"));
    // The MUS over the exported groups is the session's minimal core, by group number.
    let gcnf = parse(&s.gcnf(), "group");
    let external = gcnf_mus(&gcnf, s.num_groups(), s.num_vars());
    let Ok(CoreResult::Unsat(core)) = s.minimal_core(&g, &[], &[]) else {
        panic!("unsat")
    };
    let ours: Vec<u64> = core.groups.iter().map(|g| g.index() as u64 + 1).collect();
    assert_eq!(external, vec![1, 2]);
    assert_eq!(ours, external);
    // WCNF: hard part plus all soft units is unsat; hard part alone is sat.
    let wcnf = parse(&s.wcnf(), "weight");
    let all: Vec<Vec<isize>> = wcnf.clauses.iter().map(|(_, l)| l.clone()).collect();
    let hard: Vec<Vec<isize>> = wcnf
        .clauses
        .iter()
        .filter(|(w, _)| *w != Some(1))
        .map(|(_, l)| l.clone())
        .collect();
    assert!(!load(&all).solve().expect("plain solve"));
    assert!(load(&hard).solve().expect("plain solve"));
}

/// A hardened group is always on, never in a core, and exported as hard clauses: the GCNF and WCNF
/// number only the remaining groups, so an external MUS tool sees exactly the session's problem.
#[test]
fn hardened_groups_are_hard_in_cores_and_exports() {
    use sattar_sat::{CoreResult, Session};
    let mut s = Session::new();
    let x = s.circuit_mut().input();
    let y = s.circuit_mut().input();
    let (gx, gimp, gy) = (
        s.new_group("x"),
        s.new_group("x => y"),
        s.new_group("not y"),
    );
    s.assert_in_group(x, gx).unwrap();
    let imp = s.circuit_mut().implies(x, y);
    s.assert_in_group(imp, gimp).unwrap();
    s.assert_in_group(!y, gy).unwrap();
    s.harden(gimp).unwrap();
    assert!(s.is_hard(gimp));
    match s.minimal_core(&[gx, gy], &[], &[]).unwrap() {
        CoreResult::Unsat(core) => assert_eq!(core.groups, vec![gx, gy]),
        CoreResult::Sat(_) => panic!("x, x => y (hard), not y is unsatisfiable"),
    }
    let gcnf = s.gcnf();
    assert!(
        gcnf.lines()
            .any(|l| l.starts_with("p gcnf") && l.ends_with(" 2")),
        "{gcnf}"
    );
    assert!(
        gcnf.contains("c group 1 x") && gcnf.contains("c group 2 not y"),
        "{gcnf}"
    );
    assert!(!gcnf.contains("x => y"), "{gcnf}");
    let wcnf = s.wcnf();
    assert_eq!(
        wcnf.lines().filter(|l| l.starts_with("1 ")).count(),
        2,
        "{wcnf}"
    );
}
