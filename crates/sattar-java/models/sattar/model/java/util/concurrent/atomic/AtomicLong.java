package sattar.model.java.util.concurrent.atomic;

/**
 * sattar's model of java.util.concurrent.atomic.AtomicLong, JDK 17's field: a long `value`.
 * sattar's runs have one thread, so every update is the plain update the JDK's makes atomically.
 */
public class AtomicLong {
    private long value;

    public AtomicLong() {
    }

    public AtomicLong(long initialValue) {
        value = initialValue;
    }

    public final long get() {
        return value;
    }

    public final void set(long newValue) {
        value = newValue;
    }

    public final long getAndSet(long newValue) {
        long old = value;
        value = newValue;
        return old;
    }

    public final boolean compareAndSet(long expectedValue, long newValue) {
        if (value != expectedValue) {
            return false;
        }
        value = newValue;
        return true;
    }

    public final long getAndIncrement() {
        return getAndAdd(1L);
    }

    public final long getAndDecrement() {
        return getAndAdd(-1L);
    }

    public final long getAndAdd(long delta) {
        long old = value;
        value = old + delta;
        return old;
    }

    public final long incrementAndGet() {
        return addAndGet(1L);
    }

    public final long decrementAndGet() {
        return addAndGet(-1L);
    }

    public final long addAndGet(long delta) {
        value += delta;
        return value;
    }

    public long longValue() {
        return value;
    }

    public int intValue() {
        return (int) value;
    }
}
