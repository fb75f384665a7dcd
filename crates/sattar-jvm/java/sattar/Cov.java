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
    /** open[id]: evaluations of a pattern-binding condition whose outcome is not recorded yet. */
    public static int[] open = new int[1];
    /**
     * Whether the budget ran out: from then on every probe throws again before recording, so a
     * `finally` (or a handler) the StepLimitError passes through runs nothing — the run stops
     * where the budget ran out, as sattar's interpreter stops.
     */
    public static boolean over;

    private Cov() {}

    /** Clears the probes before a test. */
    public static void reset(int statements, long maxSteps, int maxTrace) {
        if (hit.length != statements + 1) {
            hit = new boolean[statements + 1];
        } else {
            java.util.Arrays.fill(hit, false);
        }
        if (open.length != statements + 1) {
            open = new int[statements + 1];
        } else {
            java.util.Arrays.fill(open, 0);
        }
        if (trace.length != maxTrace) {
            trace = new int[maxTrace];
        }
        len = 0;
        dropped = 0;
        steps = 0;
        max = maxSteps;
        over = false;
    }

    /** A statement starts: mark it and spend one step. */
    public static void s(int id) {
        stopped();
        hit[id] = true;
        if (++steps > max) {
            over = true;
            throw new StepLimitError();
        }
    }

    /** Throws again once the budget ran out. */
    private static void stopped() {
        if (over) {
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
        stopped();
        hit[id] = true;
    }

    /** Records a branch outcome and returns it. */
    public static boolean b(int id, boolean v) {
        stopped();
        if (len < trace.length) {
            trace[len++] = v ? 2 * id + 1 : 2 * id;
        } else {
            dropped++;
        }
        return v;
    }

    /** Starts a pattern-binding condition: like t, and its outcome is open. */
    public static boolean u(int id) {
        s(id);
        open[id]++;
        return true;
    }

    /** The condition of u came out true (its `&&` shape reached the end): records it. */
    public static boolean y(int id) {
        open[id]--;
        return b(id, true);
    }

    /** The condition of u came out false (its `||` shape reached the end): records it. */
    public static boolean z(int id) {
        open[id]--;
        return b(id, false);
    }

    /** Control went where outcome v of u's condition leads: records v if still open. */
    public static void x(int id, boolean v) {
        if (open[id] > 0) {
            open[id]--;
            b(id, v);
        }
    }

    /** The state of an enhanced for over array a (an object, which may be null). */
    public static Each each(Object a) {
        return new Each(a, null);
    }

    /** The state of an enhanced for over an Iterable: its iterator, asked for at once (JLS 14.14.2). */
    public static Each iter(Iterable<?> x) {
        return new Each(null, x.iterator());
    }

    /** Returns v (used to run a probe before a local's initializer). */
    public static int p(boolean probe, int v) {
        return v;
    }

    /** Returns v. */
    public static long p(boolean probe, long v) {
        return v;
    }

    /** Returns v. */
    public static char p(boolean probe, char v) {
        return v;
    }

    /** Returns v. */
    public static short p(boolean probe, short v) {
        return v;
    }

    /** Returns v. */
    public static byte p(boolean probe, byte v) {
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

    /**
     * A switch on an int (or char, short, byte): records, for each case group in order, whether
     * it holds the selector, until one does; returns the selector. `step` ran first (the
     * statement's step, or nothing for a switch expression).
     */
    public static int w(boolean step, int id, int sel, int[]... groups) {
        for (int[] g : groups) {
            boolean hit = false;
            for (int v : g) {
                hit |= v == sel;
            }
            b(id, hit);
            if (hit) {
                break;
            }
        }
        return sel;
    }

    /** A switch on an enum: like the int form, by identity; nothing recorded for null. */
    public static <T> T w(boolean step, int id, T sel, Object[]... groups) {
        if (sel == null) {
            return sel;
        }
        for (Object[] g : groups) {
            boolean hit = false;
            for (Object v : g) {
                hit |= v == sel;
            }
            b(id, hit);
            if (hit) {
                break;
            }
        }
        return sel;
    }

    /** A switch with no case labels (only `default`). */
    public static int w0(boolean step, int id, int sel) {
        return sel;
    }

    /** A switch with no case labels (only `default`), on an enum. */
    public static <T> T w0(boolean step, int id, T sel) {
        return sel;
    }
}
