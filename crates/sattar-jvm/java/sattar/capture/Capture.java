package sattar.capture;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The probe a capture build puts first in the body of the method under test: at each outermost
 * call it hands the receiver and the arguments to sattar's worker, which reads the pre-state
 * reachable from them and the statics before the method's first statement runs.
 */
public final class Capture {
    /** The test class's binary name: its frame gives the line of the test that made the call. */
    public static String testClass = "";

    private Capture() {}

    /** Called first in the method under test; `self` is null for a static method. */
    public static void enter(Object self, Object[] args) {
        List<StackWalker.StackFrame> frames =
                StackWalker.getInstance().walk(s -> s.skip(1).collect(Collectors.toList()));
        StackWalker.StackFrame callee = frames.get(0);
        String file = "";
        int line = -1;
        for (StackWalker.StackFrame f : frames.subList(1, frames.size())) {
            boolean same = f.getClassName().equals(callee.getClassName())
                    && f.getMethodName().equals(callee.getMethodName())
                    && f.getDescriptor().equals(callee.getDescriptor());
            if (same) {
                return; // a nested (recursive) call: its pre-state is part of the outer run
            }
            if (line < 0 && f.getClassName().equals(testClass)) {
                file = f.getFileName() == null ? "" : f.getFileName();
                line = f.getLineNumber();
            }
        }
        if (line < 0 && callee.getClassName().equals(testClass)) { // the test method itself
            file = callee.getFileName() == null ? "" : callee.getFileName();
            line = callee.getLineNumber();
        }
        record(self, args, file, line);
    }

    /** Implemented by sattar's worker (registered through JNI before the test runs). */
    private static native void record(Object self, Object[] args, String file, int line);
}
