package maps;

import java.util.HashMap;

/**
 * A cache of int keys and values holding at most `capacity` keys: a HashMap finds a key's entry,
 * a doubly linked list keeps the entries most recently used first; a new key beyond the capacity
 * evicts the least recently used one.
 */
public class LruCache {
    static final class Entry {
        final int key;
        int value;
        Entry prev;
        Entry next;

        Entry(int key, int value) {
            this.key = key;
            this.value = value;
        }
    }

    private final int capacity;
    private final HashMap<Integer, Entry> index = new HashMap<>();
    private Entry head;
    private Entry tail;

    public LruCache(int capacity) {
        this.capacity = capacity;
    }

    /** The value of key, or -1 if it is not cached; a hit becomes the most recently used. */
    public int get(int key) {
        Entry e = index.get(key);
        if (e == null) {
            return -1;
        }
        unlink(e);
        pushFront(e);
        return e.value;
    }

    /** Caches key with value as the most recently used, evicting the least recently used. */
    public void put(int key, int value) {
        Entry e = index.get(key);
        if (e != null) {
            e.value = value;
            unlink(e);
            pushFront(e);
            return;
        }
        e = new Entry(key, value);
        index.put(key, e);
        pushFront(e);
        if (index.size() > capacity) {
            Entry old = tail;
            unlink(old);
            index.remove(old.key);
        }
    }

    /** Puts keys[i] with values[i], in order. */
    public void putAll(int[] keys, int[] values) {
        for (int i = 0; i < keys.length; i++) {
            put(keys[i], values[i]);
        }
    }

    private void unlink(Entry e) {
        if (e.prev != null) {
            e.prev.next = e.next;
        } else {
            head = e.next;
        }
        if (e.next != null) {
            e.next.prev = e.prev;
        } else {
            tail = e.prev;
        }
        e.prev = null;
        e.next = null;
    }

    private void pushFront(Entry e) {
        e.next = head;
        if (head != null) {
            head.prev = e;
        } else {
            tail = e;
        }
        head = e;
    }
}
