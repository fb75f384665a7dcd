package sattar;

/** sattar's coverage probes: statement hits, branch outcomes and the step budget. */
public final class Cov {
    /** hit[id] is set when statement id starts executing. */
    public static boolean[] hit = new boolean[1];
    /**
     * Branch events: 2 * id + (taken ? 1 : 0), in execution order. Allocated once at its full
     * capacity (sattar's trace limit), so recording never allocates in the code's heap.
     */
    public static int[] trace = new int[0];
    /** How many entries of trace are used. */
    public static int len;
    /** Branch events past the capacity of trace: counted, not recorded. */
    public static long dropped;
    /** Steps used so far and the budget. */
    public static long steps, max;

    private Cov() {}

    /** Clears the probes before a test. */
    public static void reset(int statements, long maxSteps, int maxTrace) {
        if (hit.length != statements + 1) {
            hit = new boolean[statements + 1];
        } else {
            java.util.Arrays.fill(hit, false);
        }
        if (trace.length != maxTrace) {
            trace = new int[maxTrace];
        }
        len = 0;
        dropped = 0;
        steps = 0;
        max = maxSteps;
    }

    /** A statement starts: mark it and spend one step. */
    public static void s(int id) {
        hit[id] = true;
        if (++steps > max) {
            throw new StepLimitError();
        }
    }

    /** Like s, usable inside an expression. */
    public static boolean t(int id) {
        s(id);
        return true;
    }

    /** Marks a statement covered without spending a step (entering a do-while). */
    public static void e(int id) {
        hit[id] = true;
    }

    /** Records a branch outcome and returns it. */
    public static boolean b(int id, boolean v) {
        if (len < trace.length) {
            trace[len++] = v ? 2 * id + 1 : 2 * id;
        } else {
            dropped++;
        }
        return v;
    }

    /** Returns v (used to run a probe before a local's initializer). */
    public static int p(boolean probe, int v) {
        return v;
    }

    /** Returns v. */
    public static boolean p(boolean probe, boolean v) {
        return v;
    }

    /** Returns v. */
    public static <T> T p(boolean probe, T v) {
        return v;
    }
}
