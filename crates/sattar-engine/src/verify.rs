//! Bounded verification of a subject (`sattar check`): the encoder's smallest fault-revealing
//! input, confirmed by running it through the reference interpreter and the oracle.

use crate::{judge, EngineError, Judged, Subject, TestVerdict};
use sattar_encode::{CheckOptions, CheckOutcome, CheckReport};
use sattar_java::Limits;

/// A check's report and, for a violation, the interpreter's judged run of the input.
#[derive(Debug)]
pub struct Checked {
    /// What the bounded search found and the bounds it used.
    pub report: CheckReport,
    /// The interpreter's run of the fault-revealing input, judged by the spec.
    pub confirmed: Option<Judged>,
}

/// Searches for the smallest valid input that violates the subject's postcondition.
pub fn check(subject: &Subject, opts: &CheckOptions) -> Result<Checked, EngineError> {
    let report = sattar_encode::check(&subject.program, subject.method, &subject.spec, opts)?;
    let CheckOutcome::Violation(found) = &report.outcome else {
        return Ok(Checked {
            report,
            confirmed: None,
        });
    };
    let run = sattar_java::run(
        &subject.program,
        subject.method,
        &found.input,
        Limits::default(),
    )
    .map_err(|e| EngineError::Disagreement(e.to_string()))?;
    let judged = judge(subject, &found.input, run)
        .map_err(|e| EngineError::Disagreement(format!("evaluating the spec: {e}")))?;
    let predicted = TestVerdict::Fail(found.violated());
    if judged.verdict != predicted || judged.execution != found.execution {
        return Err(EngineError::Disagreement(format!(
            "on {} the encoding predicts {:?}, the interpreter {:?}",
            found.input, predicted, judged.verdict
        )));
    }
    Ok(Checked {
        report,
        confirmed: Some(judged),
    })
}
