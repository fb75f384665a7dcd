package sattar.model.java.util;

import sattar.model.Unmodelled;
import sattar.model.java.util.concurrent.atomic.AtomicLong;
import sattar.model.java.util.random.RandomGenerator;

/**
 * sattar's model of java.util.Random, JDK 17's code and field: a 48-bit linear congruential
 * generator whose state is the AtomicLong `seed` (seed * 0x5DEECE66D + 0xB, modulo 2^48, at
 * every draw). Only a seeded Random is modelled: an unseeded one takes its seed from the clock.
 * The ranged draws (`nextInt(origin, bound)`, `nextLong(bound)`, …) are RandomGenerator's.
 */
public class Random implements RandomGenerator {
    private final AtomicLong seed;

    @Unmodelled("`new Random()` takes its seed from the clock, so no two runs draw the same numbers; give it a seed (`new Random(42)`)")
    public Random() {
        seed = new AtomicLong();
    }

    public Random(long seed) {
        this.seed = new AtomicLong((seed ^ 0x5DEECE66DL) & ((1L << 48) - 1));
    }

    public void setSeed(long seed) {
        this.seed.set((seed ^ 0x5DEECE66DL) & ((1L << 48) - 1));
    }

    protected int next(int bits) {
        long nextseed = (seed.get() * 0x5DEECE66DL + 0xBL) & ((1L << 48) - 1);
        seed.set(nextseed);
        return (int) (nextseed >>> (48 - bits));
    }

    public int nextInt() {
        return next(32);
    }

    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException();
        }
        int r = next(31);
        int m = bound - 1;
        if ((bound & m) == 0) {
            r = (int) ((bound * (long) r) >> 31);
        } else {
            int u = r;
            r = u % bound;
            while (u - r + m < 0) {
                u = next(31);
                r = u % bound;
            }
        }
        return r;
    }

    public long nextLong() {
        return ((long) next(32) << 32) + next(32);
    }

    public boolean nextBoolean() {
        return next(1) != 0;
    }
}
