package arrays;

/** A binary min-heap of ints on an array that doubles when full. */
public class MinHeap {
    private int[] heap;
    private int size;

    public MinHeap(int capacity) {
        heap = new int[Math.max(1, capacity)];
    }

    public int size() {
        return size;
    }

    public void insert(int x) {
        if (size == heap.length) {
            int[] bigger = new int[2 * heap.length];
            for (int k = 0; k < size; k++) {
                bigger[k] = heap[k];
            }
            heap = bigger;
        }
        heap[size] = x;
        int i = size;
        size++;
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (heap[parent] <= heap[i]) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    public int removeMin() {
        if (size == 0) {
            throw new IllegalStateException("empty heap");
        }
        int min = heap[0];
        size--;
        heap[0] = heap[size];
        int i = 0;
        while (2 * i + 1 < size) {
            int child = 2 * i + 1;
            if (child + 1 < size && heap[child + 1] < heap[child]) {
                child++;
            }
            if (heap[i] <= heap[child]) {
                break;
            }
            swap(i, child);
            i = child;
        }
        return min;
    }

    private void swap(int i, int j) {
        int t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }
}
