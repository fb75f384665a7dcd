//! Ordering, ties, ranks and metrics; boosting; cloning.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use std::collections::HashSet;

use sattar_rank::{
    boost_suspects, same_score, Counts, Formula, Order, Rank, RankKind, Ranking, Scored, Spectrum,
    TestCase, Verdict,
};

fn sc(id: &'static str, score: f64, confidence: f64) -> Scored<&'static str> {
    Scored {
        id,
        score,
        confidence,
    }
}

/// docs/RANKING.md#ranks-and-metrics (Gopinath et al., ASE 2012): a fault at (1.5, 0.8) behind two
/// statements at (2.0, …) and tied with two others at (1.5, 0.8) has rank 5.
fn reference_example() -> Ranking<&'static str> {
    let scored = vec![
        sc("low", 0.3, 0.9),
        sc("tie1", 1.5, 0.8),
        sc("fault", 1.5, 0.8),
        sc("top1", 2.0, 0.1),
        sc("sameScoreLowerConf", 1.5, 0.7),
        sc("top2", 2.0, 0.6),
        sc("tie2", 1.5, 0.8),
    ];
    Ranking::new(scored, Order::ScoreThenConfidence)
}

#[test]
fn reference_example_worst_average_best() {
    let r = reference_example();
    let rank = r.rank_of(&"fault").unwrap();
    // H = {top1, top2} → |H| = 2; E = {tie1, fault, tie2} → |E| = 3.
    assert_eq!(
        rank,
        Rank {
            higher: 2,
            equal: 3
        }
    );
    assert_eq!(rank.worst(), 5); // |H| + |E| = 2 + 3
    assert_eq!(rank.average(), 4); // ⌊2 + 1/2 + 3/2⌋ = ⌊4⌋
    assert_eq!(rank.best(), 3); // |H| + 1
                                // The lower-confidence statement with the same score comes after the tie group.
    assert_eq!(r.rank_of(&"sameScoreLowerConf").unwrap().worst(), 6);
    assert_eq!(r.rank_of(&"low").unwrap().worst(), 7);
}

/// A ranking's entries scored again, to rank them another way.
fn scored_again(r: &Ranking<&'static str>) -> Vec<Scored<&'static str>> {
    r.entries()
        .iter()
        .map(|e| sc(e.id, e.score, e.confidence))
        .collect()
}

/// The reference example with `fault` and `tie2` preferred: the tie group {tie1, fault, tie2}
/// splits into {fault, tie2} at ranks 3–4 and {tie1} at 5; nothing outside the group moves,
/// and a preferred element outside any tie (`top1`) keeps its rank.
#[test]
fn preferred_elements_rank_first_within_their_tie_only() {
    let preferred: HashSet<&str> = ["fault", "tie2", "top1", "low"].into_iter().collect();
    let plain = reference_example();
    let scored = scored_again(&plain);
    let r = Ranking::preferring(scored.clone(), Order::ScoreThenConfidence, &preferred);
    let rank = |id| r.rank_of(&id).unwrap();
    assert_eq!(
        rank("fault"),
        Rank {
            higher: 2,
            equal: 2
        }
    );
    assert_eq!(rank("tie2").worst(), 4);
    assert_eq!(
        rank("tie1"),
        Rank {
            higher: 4,
            equal: 1
        }
    );
    for id in ["top1", "top2", "sameScoreLowerConf", "low"] {
        assert_eq!(rank(id), plain.rank_of(&id).unwrap(), "{id}");
    }
    // By score alone: the four at 1.5 tie; the two preferred among them come first.
    let r = Ranking::preferring(scored, Order::Score, &preferred);
    assert_eq!(
        r.rank_of(&"fault").unwrap(),
        Rank {
            higher: 2,
            equal: 2
        }
    );
    assert_eq!(
        r.rank_of(&"sameScoreLowerConf").unwrap(),
        Rank {
            higher: 4,
            equal: 2
        }
    );
}

#[test]
fn average_rank_rounds_down_half() {
    // |H| = 1, |E| = 2 → ⌊1 + 1/2 + 1⌋ = 2; |H| = 0, |E| = 1 → ⌊0 + 1/2 + 1/2⌋ = 1;
    // |H| = 3, |E| = 4 → ⌊3 + 1/2 + 2⌋ = 5.
    assert_eq!(
        Rank {
            higher: 1,
            equal: 2
        }
        .average(),
        2
    );
    assert_eq!(
        Rank {
            higher: 0,
            equal: 1
        }
        .average(),
        1
    );
    assert_eq!(
        Rank {
            higher: 3,
            equal: 4
        }
        .average(),
        5
    );
}

#[test]
fn score_only_order_ignores_confidence() {
    let scored = vec![sc("a", 1.0, 0.1), sc("b", 1.0, 0.9), sc("c", 0.5, 1.0)];
    let r = Ranking::new(scored.clone(), Order::Score);
    assert_eq!(r.rank_of(&"a").unwrap().worst(), 2);
    assert_eq!(r.rank_of(&"b").unwrap().worst(), 2);
    let r = Ranking::new(scored, Order::ScoreThenConfidence);
    assert_eq!(r.rank_of(&"a").unwrap().worst(), 2);
    assert_eq!(r.rank_of(&"b").unwrap().worst(), 1);
    assert_eq!(
        r.entries().iter().map(|e| e.id).collect::<Vec<_>>(),
        vec!["b", "a", "c"]
    );
}

#[test]
fn exam_top_n_and_multiple_faults() {
    let r = reference_example();
    // 7 elements; fault worst rank 5 → 5/7; best rank 3 → 3/7.
    assert_eq!(r.exam(&"fault", RankKind::Worst), Some(5.0 / 7.0));
    assert_eq!(r.exam(&"fault", RankKind::Best), Some(3.0 / 7.0));
    assert_eq!(r.in_top_n(&"fault", 5, RankKind::Worst), Some(true));
    assert_eq!(r.in_top_n(&"fault", 4, RankKind::Worst), Some(false));
    assert_eq!(r.in_top_n(&"fault", 4, RankKind::Average), Some(true));
    assert_eq!(
        r.top(2).iter().map(|e| e.id).collect::<Vec<_>>(),
        vec!["top2", "top1"]
    );
    assert_eq!(r.top(100).len(), 7);
    let multi = r.faults(&["low", "fault", "missing"]);
    assert_eq!(multi.per_fault[0].1.unwrap().worst(), 7);
    assert_eq!(multi.per_fault[1].1.unwrap().worst(), 5);
    assert_eq!(multi.per_fault[2].1, None);
    assert_eq!(multi.best.unwrap().worst(), 5);
    assert_eq!(r.exam(&"missing", RankKind::Worst), None);
}

/// Naive f64 comparison sees 0.1 + 0.2 and 0.3 as different; they are the same score.
#[test]
fn rounding_noise_is_a_tie() {
    let noisy = 0.1 + 0.2;
    assert_ne!(noisy, 0.3, "premise: naive f64 gives a false non-tie");
    let r = Ranking::new(vec![sc("x", noisy, 0.0), sc("y", 0.3, 0.0)], Order::Score);
    assert_eq!(
        r.rank_of(&"x"),
        Some(Rank {
            higher: 0,
            equal: 2
        })
    );
    assert_eq!(
        r.rank_of(&"y"),
        Some(Rank {
            higher: 0,
            equal: 2
        })
    );
    // Genuinely different scores stay apart, even close ones.
    assert!(!same_score(1.0 / 3.0, 1.0 / 3.0 + 1e-6));
    assert!(same_score(f64::INFINITY, f64::INFINITY));
    assert!(!same_score(f64::INFINITY, f64::MAX));
}

/// Tarantula with F = 7, P = 10: x = (ef 1, ep 2) and y = (ef 3, ep 6) both score
/// (1/7)/(1/7 + 1/5) = (3/7)/(3/7 + 3/5) = 5/12, but f64 computes 0.41666666666666663 and
/// 0.4166666666666667. They must tie.
#[test]
fn algebraically_equal_tarantula_scores_tie() {
    let f = Formula::by_name("tarantula").unwrap();
    let (x, y) = (
        f.score(&Counts::new(1, 2, 6, 8)),
        f.score(&Counts::new(3, 6, 4, 4)),
    );
    assert_ne!(x, y, "premise: naive f64 gives a false non-tie");
    assert!(same_score(x, y));
    assert!((x - 5.0 / 12.0).abs() < 1e-15);
}

#[test]
fn nan_scores_rank_last() {
    let r = Ranking::new(
        vec![sc("nan", f64::NAN, 0.0), sc("a", -5.0, 0.0)],
        Order::Score,
    );
    assert_eq!(r.rank_of(&"nan").unwrap().worst(), 2);
}

/// SAT-TAR: Tarantula + 1 for core suspects, then score-then-confidence order.
#[test]
fn boosted_tarantula_pipeline() {
    // Tests: f (fail) covers s1, s2; p (pass) covers s2, s3.
    let mut s = Spectrum::new([1u32, 2, 3]);
    s.add_test_covering(TestCase::new("f", Verdict::Fail), &[1, 2])
        .unwrap();
    s.add_test_covering(TestCase::new("p", Verdict::Pass), &[2, 3])
        .unwrap();
    let mut scored = s.score(&Formula::by_name("tarantula").unwrap());
    // Tarantula: s1 1/(1+0) = 1; s2 1/(1+1) = 1/2; s3 0/(0+1) = 0. Core = {s2} → s2 = 1.5.
    boost_suspects(&mut scored, &HashSet::from([2]));
    let r = Ranking::new(scored, Order::ScoreThenConfidence);
    assert_eq!(
        r.entries()
            .iter()
            .map(|e| (e.id, e.score))
            .collect::<Vec<_>>(),
        vec![(2, 1.5), (1, 1.0), (3, 0.0)]
    );
}

/// Cloning (Zhang et al., JSS 2017; docs/RANKING.md#cloning-failed-tests): Tarantula (group ER3)
/// is provably unchanged; Ochiai is not.
/// F = 2, P = 8 → c = 4. A: ef 2, ep 4; B: ef 1, ep 0; Z: ef 0, ep 1.
/// Ochiai before: A 2/√(2·6) = 0.577, B 1/√(2·1) = 0.707 → B first.
/// After (ef' = 4ef, F' = 8): A 8/√(8·12) = 0.816, B 4/√(8·4) = 0.707 → A first.
#[test]
fn cloning_keeps_tarantula_and_changes_ochiai() {
    let mut s = Spectrum::new(["A", "B", "Z"]);
    s.add_test_covering(TestCase::new("f1", Verdict::Fail), &["A", "B"])
        .unwrap();
    s.add_test_covering(TestCase::new("f2", Verdict::Fail), &["A"])
        .unwrap();
    for i in 0..8 {
        let covered: Vec<&str> = match i {
            0..=3 => vec!["A"],
            4 => vec!["Z"],
            _ => vec![],
        };
        s.add_test_covering(TestCase::new(format!("p{i}"), Verdict::Pass), &covered)
            .unwrap();
    }
    let ranks = |scored: Vec<Scored<&'static str>>| {
        let r = Ranking::new(scored, Order::Score);
        ["A", "B", "Z"].map(|e| r.rank_of(&e).unwrap())
    };
    let tarantula = Formula::by_name("tarantula").unwrap();
    assert_eq!(
        ranks(s.score(&tarantula)),
        ranks(s.score_cloned(&tarantula))
    );
    let ochiai = Formula::by_name("ochiai").unwrap();
    let before = ranks(s.score(&ochiai));
    let after = ranks(s.score_cloned(&ochiai));
    assert_eq!((before[0].worst(), before[1].worst()), (2, 1));
    assert_eq!((after[0].worst(), after[1].worst()), (1, 2));
    let b = s.score_cloned(&ochiai);
    assert!((b[0].score - 8.0 / 96f64.sqrt()).abs() < 1e-12);
    assert!((b[1].score - 4.0 / 32f64.sqrt()).abs() < 1e-12);
}

/// With fewer passing than failing tests (c = P/F < 1) cloning changes nothing.
#[test]
fn cloning_not_applied_below_one() {
    let mut s = Spectrum::new(["A", "B"]);
    s.add_test_covering(TestCase::new("f1", Verdict::Fail), &["A"])
        .unwrap();
    s.add_test_covering(TestCase::new("f2", Verdict::Fail), &["B"])
        .unwrap();
    s.add_test_covering(TestCase::new("p1", Verdict::Pass), &["A"])
        .unwrap();
    let ochiai = Formula::by_name("ochiai").unwrap();
    assert_eq!(s.score(&ochiai), s.score_cloned(&ochiai));
}

/// Three tiers in the reference example's tie group {tie1, fault, tie2}: each splits off in
/// tier order (fault 0, tie2 1, tie1 2), one rank apart; nothing outside the group moves.
#[test]
fn tiers_split_a_tie_group_in_their_order() {
    let plain = reference_example();
    let scored = scored_again(&plain);
    let tier = |id: &&str| match *id {
        "fault" => 0,
        "tie2" => 1,
        _ => 2,
    };
    let r = Ranking::tiered(scored, Order::ScoreThenConfidence, &tier);
    let worst = |id| r.rank_of(&id).unwrap().worst();
    assert_eq!((worst("fault"), worst("tie2"), worst("tie1")), (3, 4, 5));
    for id in ["top1", "top2", "sameScoreLowerConf", "low"] {
        assert_eq!(r.rank_of(&id), plain.rank_of(&id), "{id}");
    }
}
