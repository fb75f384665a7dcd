package ds;

/** A list of keys in a chosen order, with ids handed out in creation order. */
public class Ranking {
    private static int nextId;

    private final int id;
    private final Order order;
    private Slot first;
    private int length;

    /** A slot of the ranking. */
    static class Slot {
        Key key;
        Slot next;
    }

    public Ranking(Order order) {
        this.id = nextId;
        nextId = nextId + 1;
        this.order = order;
    }

    public int id() {
        return id;
    }

    /** Inserts `k` at its place in the order. */
    public void insert(Key k) {
        Slot s = new Slot();
        s.key = k;
        if (first == null || !order.before(first.key.compareTo(k))) {
            s.next = first;
            first = s;
        } else {
            Slot cur = first;
            while (cur.next != null && order.before(cur.next.key.compareTo(k))) {
                cur = cur.next;
            }
            s.next = cur.next;
            cur.next = s;
        }
        length++;
    }

    public int length() {
        return length;
    }

    public static int created() {
        return nextId;
    }

    @Override
    public String toString() {
        return "Ranking#" + id + " of " + length + " keys";
    }
}
