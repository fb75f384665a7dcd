package sattar.capture;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** Runs one JUnit test method through the JUnit Platform (any engine on the class path). */
public final class RunTest {
    private RunTest() {}

    /**
     * Runs `testClass#method`; returns "found\nfailed\nmessage": the tests found and failed, and
     * the first failure's exception with its stack trace (empty if none failed).
     */
    public static String run(String testClass, String method) {
        Thread.currentThread().setContextClassLoader(ClassLoader.getSystemClassLoader());
        Capture.testClass = testClass;
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectMethod(testClass + "#" + method))
                .build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        try {
            launcher.execute(request, listener);
        } catch (RuntimeException e) { // discovery failed: no such class or method
            StringBuilder causes = new StringBuilder();
            for (Throwable t = e; t != null; t = t.getCause()) {
                causes.append(t).append('\n');
            }
            return "0\n0\n" + causes;
        }
        TestExecutionSummary summary = listener.getSummary();
        String message = "";
        if (!summary.getFailures().isEmpty()) {
            StringWriter out = new StringWriter();
            summary.getFailures().get(0).getException().printStackTrace(new PrintWriter(out));
            message = out.toString();
        }
        return summary.getTestsFoundCount() + "\n" + summary.getTestsFailedCount() + "\n" + message;
    }
}
