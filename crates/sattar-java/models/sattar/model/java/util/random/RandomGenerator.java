package sattar.model.java.util.random;

/**
 * sattar's model of java.util.random.RandomGenerator: JDK 17's default methods over the one
 * abstract `nextLong()`, with RandomSupport's checks and bounded draws inlined (checkBound,
 * checkRange, boundedNextInt, boundedNextLong). java.util.Random overrides nextInt(),
 * nextInt(bound), nextLong() and nextBoolean(); the ranged draws are these. Doubles, floats,
 * streams and nextBytes are not modelled: a call of one is refused as a method the model does
 * not declare.
 */
public interface RandomGenerator {
    long nextLong();

    default boolean nextBoolean() {
        return nextInt() < 0;
    }

    default int nextInt() {
        return (int) (nextLong() >>> 32);
    }

    default int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException();
        }
        int m = bound - 1;
        int r = nextInt();
        if ((bound & m) == 0) {
            r &= m;
        } else {
            int u = r >>> 1;
            r = u % bound;
            while (u + m - r < 0) {
                u = nextInt() >>> 1;
                r = u % bound;
            }
        }
        return r;
    }

    default int nextInt(int origin, int bound) {
        if (origin >= bound) {
            throw new IllegalArgumentException();
        }
        int r = nextInt();
        int n = bound - origin;
        int m = n - 1;
        if ((n & m) == 0) {
            r = (r & m) + origin;
        } else if (n > 0) {
            int u = r >>> 1;
            r = u % n;
            while (u + m - r < 0) {
                u = nextInt() >>> 1;
                r = u % n;
            }
            r += origin;
        } else {
            while (r < origin || r >= bound) {
                r = nextInt();
            }
        }
        return r;
    }

    default long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException();
        }
        long m = bound - 1;
        long r = nextLong();
        if ((bound & m) == 0L) {
            r &= m;
        } else {
            long u = r >>> 1;
            r = u % bound;
            while (u + m - r < 0L) {
                u = nextLong() >>> 1;
                r = u % bound;
            }
        }
        return r;
    }

    default long nextLong(long origin, long bound) {
        if (origin >= bound) {
            throw new IllegalArgumentException();
        }
        long r = nextLong();
        long n = bound - origin;
        long m = n - 1;
        if ((n & m) == 0L) {
            r = (r & m) + origin;
        } else if (n > 0L) {
            long u = r >>> 1;
            r = u % n;
            while (u + m - r < 0L) {
                u = nextLong() >>> 1;
                r = u % n;
            }
            r += origin;
        } else {
            while (r < origin || r >= bound) {
                r = nextLong();
            }
        }
        return r;
    }
}
