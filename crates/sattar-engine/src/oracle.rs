//! The oracle: the specification judges a run. An input must satisfy the invariant and the
//! precondition; a run that returns is judged by the chosen `ensures` constraints on the real
//! post-state; a run that ends abnormally violates a constraint of its own.

use crate::Subject;
use sattar_heap::TestInput;
use sattar_java::{Execution, Termination};

/// The implicit constraints: `noException` (an exception escaped, or the JVM died) and
/// `terminates` (the run did not end within its step, time or unrolling budget).
pub use sattar_encode::decode::{NO_EXCEPTION, TERMINATES};

/// The verdict on one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestVerdict {
    /// Every ensures constraint held.
    Pass,
    /// The named constraints were violated.
    Fail(Vec<String>),
    /// The input is not a valid test: it violates these invariants/preconditions.
    Invalid(Vec<String>),
}

impl TestVerdict {
    /// `pass`, `fail` or `invalid`.
    pub fn label(&self) -> &'static str {
        match self {
            TestVerdict::Pass => "pass",
            TestVerdict::Fail(_) => "fail",
            TestVerdict::Invalid(_) => "invalid",
        }
    }
    /// The constraints named by the verdict (violated ensures, or violated pre-state constraints).
    pub fn constraints(&self) -> &[String] {
        match self {
            TestVerdict::Pass => &[],
            TestVerdict::Fail(v) | TestVerdict::Invalid(v) => v,
        }
    }
}

/// A run and its verdict.
#[derive(Clone, Debug)]
pub struct Judged {
    /// What the run did.
    pub execution: Execution,
    /// What the spec says of it.
    pub verdict: TestVerdict,
}

/// Judges `execution` of `input` on `subject` with the subject's specification.
pub fn judge(
    subject: &Subject,
    input: &TestInput,
    execution: Execution,
) -> Result<Judged, sattar_spec::EvalError> {
    // The run starts from the input with the program's environment (enum constants, statics).
    let input = &subject.program.with_environment(input);
    let pre =
        sattar_spec::evaluate_pre(&subject.spec, &input.heap, input.this.as_ref(), &input.args)?;
    let verdict = if !pre.pre_ok() {
        TestVerdict::Invalid(pre.pre_violated())
    } else {
        match &execution.termination {
            Termination::Returned(result) => {
                let v = sattar_spec::evaluate(
                    &subject.spec,
                    &input.heap,
                    &execution.post,
                    input.this.as_ref(),
                    &input.args,
                    result.as_ref(),
                )?;
                let violated = v.violated();
                if violated.is_empty() {
                    TestVerdict::Pass
                } else {
                    TestVerdict::Fail(violated)
                }
            }
            Termination::StepLimit | Termination::TimedOut => {
                TestVerdict::Fail(vec![TERMINATES.into()])
            }
            Termination::Threw(_) | Termination::Exited(_) | Termination::Crashed(_) => {
                TestVerdict::Fail(vec![NO_EXCEPTION.into()])
            }
        }
    };
    Ok(Judged { execution, verdict })
}
