package sattar;

/** Thrown when a test exceeds its step budget; an Error, so catch (Exception) cannot swallow it. */
public final class StepLimitError extends Error {
    private static final long serialVersionUID = 1L;

    /** A step-limit error without a stack trace (cheap to throw). */
    public StepLimitError() {
        super("sattar step budget exhausted", null, false, false);
    }
}
