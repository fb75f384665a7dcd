package arrays;

/** A set of ints in a hash table with separate chaining. */
public class ChainedSet {
    private Entry[] table;
    private int size;

    private static class Entry {
        final int key;
        Entry next;

        Entry(int key, Entry next) {
            this.key = key;
            this.next = next;
        }
    }

    public ChainedSet() {
        table = new Entry[4];
    }

    private int slot(int key) {
        return Math.floorMod(key, table.length);
    }

    public boolean contains(int key) {
        for (Entry e = table[slot(key)]; e != null; e = e.next) {
            if (e.key == key) {
                return true;
            }
        }
        return false;
    }

    public boolean add(int key) {
        int s = slot(key);
        for (Entry e = table[s]; e != null; e = e.next) {
            if (e.key == key) {
                return false;
            }
        }
        table[s] = new Entry(key, table[s]);
        size++;
        return true;
    }

    public boolean remove(int key) {
        int s = slot(key);
        Entry prev = null;
        for (Entry e = table[s]; e != null; e = e.next) {
            if (e.key == key) {
                if (prev == null) {
                    table[s] = e.next;
                } else {
                    prev.next = e.next;
                }
                size--;
                return true;
            }
            prev = e;
        }
        return false;
    }
}
