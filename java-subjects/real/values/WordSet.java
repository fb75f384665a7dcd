package values;

/** A set of non-negative ints: a chain of 64-bit words in increasing index order, none empty. */
public class WordSet {
    private Word first;
    private int count;

    static final class Word {
        final int index;
        long bits;
        Word next;

        Word(int index, long bits, Word next) {
            this.index = index;
            this.bits = bits;
            this.next = next;
        }
    }

    /** Whether i is in the set. */
    public boolean contains(int i) {
        if (i < 0) {
            throw new IndexOutOfBoundsException("negative: " + i);
        }
        int w = i >>> 6;
        for (Word x = first; x != null; x = x.next) {
            if (x.index == w) {
                return (x.bits & (1L << i)) != 0;
            }
        }
        return false;
    }

    /** Adds i; true if it was absent. */
    public boolean add(int i) {
        if (i < 0) {
            throw new IndexOutOfBoundsException("negative: " + i);
        }
        int w = i >>> 6;
        long mask = 1L << i;
        Word prev = null;
        Word x = first;
        while (x != null && x.index < w) {
            prev = x;
            x = x.next;
        }
        if (x == null || x.index != w) {
            Word fresh = new Word(w, mask, x);
            if (prev == null) {
                first = fresh;
            } else {
                prev.next = fresh;
            }
            count++;
            return true;
        }
        if ((x.bits & mask) != 0) {
            return false;
        }
        x.bits |= mask;
        count++;
        return true;
    }

    /** Removes i; true if it was present. */
    public boolean remove(int i) {
        if (i < 0) {
            throw new IndexOutOfBoundsException("negative: " + i);
        }
        int w = i >>> 6;
        long mask = 1L << i;
        Word prev = null;
        Word x = first;
        while (x != null && x.index < w) {
            prev = x;
            x = x.next;
        }
        if (x == null || x.index != w || (x.bits & mask) == 0) {
            return false;
        }
        x.bits &= ~mask;
        if (x.bits == 0L) {
            if (prev == null) {
                first = x.next;
            } else {
                prev.next = x.next;
            }
        }
        count--;
        return true;
    }

    /** How many ints the set holds. */
    public int size() {
        return count;
    }
}
