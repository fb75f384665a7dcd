package values;

/** Counts occurrences of keys: a chain of entries, each a boxed key with its boxed count. */
public class Tally {
    private Entry first;
    private int size;

    static final class Entry {
        final Integer key;
        Integer count;
        Entry next;

        Entry(Integer key, Entry next) {
            this.key = key;
            this.count = 1;
            this.next = next;
        }
    }

    /** Adds one occurrence of key; returns its count now. */
    public int add(Integer key) {
        for (Entry e = first; e != null; e = e.next) {
            if (e.key.equals(key)) {
                e.count++;
                return e.count;
            }
        }
        first = new Entry(key, first);
        size++;
        return 1;
    }

    /** How many times key was added. */
    public int count(Integer key) {
        for (Entry e = first; e != null; e = e.next) {
            if (e.key.equals(key)) {
                return e.count;
            }
        }
        return 0;
    }
}
