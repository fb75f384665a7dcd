//! CP regression fixture: Figure 1 of Zhang et al., ESEC/FSE 2009 (schedule v2, fault in s2; see
//! docs/RANKING.md#cp).
//!
//! Reconstructed CFG (the figure's drawing is lost in the text extraction; this is the graph that
//! reproduces every number the paper prints):
//! - blocks: b1 = {s1} (`if (block_queue)`), b2 = {s2, s3, s4, s5} (the faulty block, ends in
//!   `if (proc)`), b3 = {s6, s7, s8}, b4 = {s9} (the paper's dummy exit block);
//! - edges: e1 = entry → b1 (covered by every test), e2 = b1 → b2 (s1 true), e3 = b1 → b4 (s1
//!   false), e4 = b2 → b3 (s5 true), e5 = b2 → b4 (s5 false), e6 = b3 → b4 (the dummy edge).
//!
//! The text confirms it: "e4 and e5 are the outgoing edges of block b2", "edg(b3,*) = {e6}",
//! "edg(*,b3) = {e4}", "BR(b4) = θΔ(e3) + θΔ(e5) + θΔ(e6)", "BR(b1) = −9·BR(b4) + BR(b2)".
//! Tests: t3, t6 fail; t1, t2, t4, t5, t7 pass.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_rank::{capture_propagation, BlockId, Cfg, CfgEdge, EdgeId, EdgeRun, Solver, Verdict};

fn edge(id: u32, from: Option<u32>, to: u32) -> CfgEdge {
    CfgEdge {
        id: EdgeId(id),
        from: from.map(BlockId),
        to: BlockId(to),
    }
}

fn figure1() -> (Cfg<&'static str>, Vec<EdgeRun>) {
    let block_of = [1, 2, 2, 2, 2, 3, 3, 3, 4];
    let names = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"];
    let cfg = Cfg {
        blocks: (1..=4).map(BlockId).collect(),
        edges: vec![
            edge(1, None, 1),
            edge(2, Some(1), 2),
            edge(3, Some(1), 4),
            edge(4, Some(2), 3),
            edge(5, Some(2), 4),
            edge(6, Some(3), 4),
        ],
        statements: names
            .iter()
            .zip(block_of)
            .map(|(s, b)| (*s, Some(BlockId(b))))
            .collect(),
    };
    // Edge coverage per test (docs/RANKING.md#cp): e1 all; e2 {t1,t3,t5,t6}; e3 {t2,t4,t7};
    // e4 {t3}; e5 {t1,t5,t6}; e6 {t3}.
    let profile: [(&[u32], Verdict); 7] = [
        (&[1, 2, 5], Verdict::Pass),    // t1
        (&[1, 3], Verdict::Pass),       // t2
        (&[1, 2, 4, 6], Verdict::Fail), // t3
        (&[1, 3], Verdict::Pass),       // t4
        (&[1, 2, 5], Verdict::Pass),    // t5
        (&[1, 2, 5], Verdict::Fail),    // t6
        (&[1, 3], Verdict::Pass),       // t7
    ];
    let runs = profile
        .iter()
        .map(|(es, v)| EdgeRun {
            verdict: *v,
            covered: es.iter().map(|&e| EdgeId(e)).collect(),
        })
        .collect();
    (cfg, runs)
}

fn assert_close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: got {got}, want {want}");
}

#[test]
fn figure1_theta_delta() {
    let (cfg, runs) = figure1();
    let r = capture_propagation(&cfg, &runs).unwrap();
    // θ×, θ✓ → θΔ: e1 (1,1) → 0; e2 (1, 2/5) → (3/5)/(7/5) = 3/7; e3 (0, 3/5) → -1;
    // e4 (1/2, 0) → 1; e5 (1/2, 2/5) → (1/10)/(9/10) = 1/9; e6 (1/2, 0) → 1.
    let want = [0.0, 3.0 / 7.0, -1.0, 1.0, 1.0 / 9.0, 1.0];
    for ((id, got), w) in r.theta_delta.iter().zip(want) {
        assert_close(got.unwrap(), w, &format!("θΔ(e{})", id.0));
    }
}

#[test]
fn figure1_block_scores() {
    let (cfg, runs) = figure1();
    let r = capture_propagation(&cfg, &runs).unwrap();
    assert_eq!(r.solver, Solver::Gauss);
    // BR(b4) = -1 + 1/9 + 1 = 1/9; BR(b3) = 9·BR(b4) = 1; BR(b2) = BR(b4) + BR(b3) = 10/9;
    // BR(b1) = -9·BR(b4) + BR(b2) = 1/9.
    let want = [1.0 / 9.0, 10.0 / 9.0, 1.0, 1.0 / 9.0];
    for ((id, got), w) in r.block_scores.iter().zip(want) {
        assert_close(got.unwrap(), w, &format!("BR(b{})", id.0));
    }
}

#[test]
fn figure1_statement_ranks_and_exam() {
    let (cfg, runs) = figure1();
    let r = capture_propagation(&cfg, &runs).unwrap();
    // b2 (10/9) first: 4 statements → rank 4; b3 (1) → 4 + 3 = 7; b1 and b4 (1/9, merged) → 9.
    let ranks: Vec<usize> = r.statements.iter().map(|s| s.rank.worst()).collect();
    assert_eq!(ranks, vec![9, 4, 4, 4, 4, 7, 7, 7, 9]);
    // The fault is s2: 4/9 = 44%.
    let exam = r.exam(&"s2").unwrap();
    assert_close(exam, 4.0 / 9.0, "EXAM(s2)");
    assert_eq!((exam * 100.0).round(), 44.0);
}

/// BR(b1) is computed as 10/9 − 9·(1/9)-ish while BR(b4) is a sum of three θΔ: the values are
/// algebraically equal (1/9) but not bit-equal in f64; the merge must still happen.
#[test]
fn figure1_tie_is_exact_despite_rounding() {
    let (cfg, runs) = figure1();
    let r = capture_propagation(&cfg, &runs).unwrap();
    let b1 = r.block_scores[0].1.unwrap();
    let b4 = r.block_scores[3].1.unwrap();
    assert_ne!(b1, b4, "premise: naive f64 gives a false non-tie");
    assert!(sattar_rank::same_score(b1, b4));
    assert_eq!(r.rank_of(&"s1"), r.rank_of(&"s9"));
}

#[test]
fn unexecuted_and_blockless_statements_come_last() {
    let (mut cfg, runs) = figure1();
    // b5 is reached by no test; `decl` is in no block.
    cfg.blocks.push(BlockId(5));
    cfg.edges.push(edge(7, Some(4), 5));
    cfg.statements.push(("dead", Some(BlockId(5))));
    cfg.statements.push(("decl", None));
    let r = capture_propagation(&cfg, &runs).unwrap();
    assert_eq!(r.theta_delta[6].1, None);
    assert_eq!(r.block_scores[4].1, None);
    assert_eq!(r.rank_of(&"s2").unwrap().worst(), 4);
    assert_eq!(r.rank_of(&"s9").unwrap().worst(), 9);
    assert_eq!(r.rank_of(&"decl").unwrap().worst(), 10);
    assert_eq!(r.rank_of(&"dead").unwrap().worst(), 11);
}

/// A self-loop that carries all of its block's inflow makes `I − W` singular; the least-squares
/// fallback gives the basic solution.
#[test]
fn singular_system_falls_back_to_least_squares() {
    // b1 has entry e0 and self-loop e1; e2 = b1 → b2, b2 is the exit.
    let cfg = Cfg {
        blocks: vec![BlockId(1), BlockId(2)],
        edges: vec![edge(0, None, 1), edge(1, Some(1), 1), edge(2, Some(1), 2)],
        statements: vec![("a", Some(BlockId(1))), ("b", Some(BlockId(2)))],
    };
    let run = |v, es: &[u32]| EdgeRun {
        verdict: v,
        covered: es.iter().map(|&e| EdgeId(e)).collect(),
    };
    let runs = vec![
        run(Verdict::Fail, &[0, 1, 2]),
        run(Verdict::Pass, &[0, 2]),
        run(Verdict::Pass, &[0]),
    ];
    let r = capture_propagation(&cfg, &runs).unwrap();
    // θΔ: e0 (1,1) → 0; e1 (1,0) → 1; e2 (1, 1/2) → (1/2)/(3/2) = 1/3.
    // W(b1,b1) = 1/(0+1) = 1, W(b1,b2) = (1/3)/(1/3) = 1. Rows: b1: (1-1)·BR1 - BR2 = 0;
    // b2 (exit): BR2 = 1/3. Inconsistent; least squares: min BR2² + (BR2 - 1/3)² → BR2 = 1/6;
    // BR1 is free and set to 0 in the basic solution.
    assert_eq!(r.solver, Solver::LeastSquares);
    assert_close(r.block_scores[1].1.unwrap(), 1.0 / 6.0, "BR(b2)");
    assert_close(r.block_scores[0].1.unwrap(), 0.0, "BR(b1)");
    assert_eq!(r.rank_of(&"b").unwrap().worst(), 1);
}

#[test]
fn invalid_graphs_are_reported() {
    let (mut cfg, runs) = figure1();
    cfg.edges.push(edge(9, Some(1), 42));
    let err = capture_propagation(&cfg, &runs).unwrap_err();
    assert_eq!(
        err.to_string(),
        "edge e9 refers to undeclared block b42; declare the block or fix the edge"
    );
    let (cfg, mut runs) = figure1();
    runs[0].covered.push(EdgeId(77));
    let err = capture_propagation(&cfg, &runs).unwrap_err();
    assert!(
        err.to_string()
            .contains("run #0 covers undeclared edge e77"),
        "{err}"
    );
    let (mut cfg, runs) = figure1();
    cfg.blocks.push(BlockId(1));
    assert!(capture_propagation(&cfg, &runs)
        .unwrap_err()
        .to_string()
        .contains("b1 is declared twice"));
}
