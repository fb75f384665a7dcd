package arrays;

/** A bounded FIFO queue of ints in a circular buffer. */
public class RingQueue {
    private final int[] items;
    private int head;
    private int count;

    public RingQueue(int capacity) {
        items = new int[capacity];
    }

    public boolean offer(int x) {
        if (count == items.length) {
            return false;
        }
        int tail = (head + count) % items.length;
        items[tail] = x;
        count++;
        return true;
    }

    public int poll() {
        if (count == 0) {
            throw new IllegalStateException("empty queue");
        }
        int x = items[head];
        head = (head + 1) % items.length;
        count--;
        return x;
    }

    public int peekLast() {
        if (count == 0) {
            return -1;
        }
        return items[(head + count - 1) % items.length];
    }
}
