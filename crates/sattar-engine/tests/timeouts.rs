//! Generated tests that the wall clock stops (`--timeout`): their coverage was not observed, so
//! they stay out of the spectrum, are recorded as timed out, and are not generated again (before,
//! the same timed-out input came back round after round).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

#[path = "support/run_loop.rs"]
mod run_loop;

use sattar_engine::{
    EngineError, Executor, LocalizeOptions, Localizer, Subject, SubjectRequest, TestVerdict,
};
use sattar_heap::TestInput;
use sattar_java::{run, Execution, Limits, Termination};
use std::collections::BTreeSet;

/// The interpreter behind a clock too tight for long runs: a run of more than `steps` steps is
/// stopped the way the JVM bridge stops it (`TimedOut`, nothing observed, the pre-state kept).
struct TightClock {
    steps: u64,
    stopped: usize,
}

impl Executor for TightClock {
    fn execute(&mut self, s: &Subject, input: &TestInput) -> Result<Execution, EngineError> {
        let ex = run(&s.program, s.method, input, Limits::default())
            .map_err(|e| EngineError::Usage(e.to_string()))?;
        if ex.steps <= self.steps {
            return Ok(ex);
        }
        self.stopped += 1;
        Ok(Execution {
            termination: Termination::TimedOut,
            post: input.heap.clone(),
            covered: BTreeSet::new(),
            trace: Vec::new(),
            trace_dropped: 0,
            steps: 0,
        })
    }
}

#[test]
fn timed_out_tests_are_recorded_left_out_and_never_generated_again() {
    let subject = Subject::load(&SubjectRequest {
        fault: Some("bst.traverseErr".into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    // The failing run itself fits the clock; longer generated runs do not.
    let mut probe = TightClock {
        steps: u64::MAX,
        stopped: 0,
    };
    let mut loc = Localizer::start(&subject, LocalizeOptions::default(), &mut probe)
        .unwrap_or_else(|e| panic!("{e}"));
    let initial_steps = run(
        &subject.program,
        subject.method,
        &loc.initial.input,
        Limits::default(),
    )
    .expect("runs")
    .steps;
    let mut clock = TightClock {
        steps: initial_steps,
        stopped: 0,
    };
    run_loop::until_stopped(&mut loc, &mut clock);
    assert!(clock.stopped > 0, "the clock stopped some generated tests");
    let timed_out: Vec<_> = loc.rounds.iter().filter(|r| r.test.timed_out).collect();
    assert_eq!(timed_out.len(), clock.stopped);
    for r in &timed_out {
        assert!(!r.test.added, "round {}: not in the spectrum", r.number);
        assert_eq!(
            r.test.verdict,
            TestVerdict::Fail(vec!["terminates".into()]),
            "round {}",
            r.number
        );
        assert!(r.test.predicted.is_some(), "round {}", r.number);
    }
    let inputs: Vec<String> = loc
        .rounds
        .iter()
        .map(|r| sattar_heap::input_to_json(&r.test.input).to_string())
        .collect();
    let distinct: BTreeSet<&String> = inputs.iter().collect();
    assert_eq!(
        distinct.len(),
        inputs.len(),
        "an input was generated twice: {inputs:#?}"
    );
    assert_eq!(
        loc.test_count(),
        1 + loc.rounds.iter().filter(|r| r.test.added).count()
    );
}
