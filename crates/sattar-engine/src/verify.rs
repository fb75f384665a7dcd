//! Bounded verification of a subject (`sattar check`): the encoder's smallest fault-revealing
//! input, confirmed by running it through the reference interpreter and the oracle. A valid input
//! whose run goes past every bound the encoder may use is run on the interpreter: if it does not
//! end there either (its step budget, or the stack), that is the violation — `terminates` or
//! `noException` — as a bounded model checker's unwinding assertion reports it; if it ends, the
//! bound is too small and the error names `--max-unroll`.

use crate::{judge, EngineError, Judged, Subject, TestVerdict};
use sattar_encode::{CheckOptions, CheckOutcome, CheckReport, Decoded, EncodeError};
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
    check_observed(subject, opts, &mut |_, _| {})
}

/// [`check`], calling `on_scope(scope, max_scope)` before each scope is searched (progress).
pub fn check_observed(
    subject: &Subject,
    opts: &CheckOptions,
    on_scope: &mut dyn FnMut(usize, usize),
) -> Result<Checked, EngineError> {
    let (program, method, spec) = (&subject.program, subject.method, &subject.spec);
    let mut report = sattar_encode::check_observed(program, method, spec, opts, on_scope)?;
    if let CheckOutcome::Unbounded { found, what, limit } = &report.outcome {
        let (decoded, judged) = unbounded(subject, found, what, *limit)?;
        report.outcome = CheckOutcome::Violation(Box::new(decoded));
        return Ok(Checked {
            report,
            confirmed: Some(judged),
        });
    }
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

/// An input whose run went past the encoder's last bound, judged on the interpreter: a violation
/// if the run does not end there either, else the unwinding error.
fn unbounded(
    subject: &Subject,
    found: &Decoded,
    what: &str,
    limit: u32,
) -> Result<(Decoded, Judged), EngineError> {
    let run = sattar_java::run(
        &subject.program,
        subject.method,
        &found.input,
        Limits::default(),
    )
    .map_err(|e| EngineError::Disagreement(e.to_string()))?;
    if !run.termination.is_endless() {
        return Err(EncodeError::Unwinding {
            what: format!("{what} (for a valid input within the scope)"),
            limit,
        }
        .into());
    }
    let judged = judge(subject, &found.input, run)
        .map_err(|e| EngineError::Disagreement(format!("evaluating the spec: {e}")))?;
    let decoded = Decoded {
        input: found.input.clone(),
        execution: judged.execution.clone(),
        constraints: found.constraints.clone(),
        unwound: found.unwound.clone(),
    };
    Ok((decoded, judged))
}
