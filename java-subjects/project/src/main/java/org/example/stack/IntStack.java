package org.example.stack;

/** A stack of ints on a chain of cells, with its size. */
public class IntStack {
    private static final class Cell {
        private final int value;
        private final Cell below;

        private Cell(int value, Cell below) {
            this.value = value;
            this.below = below;
        }
    }

    private Cell top;
    private int size;

    public void push(int value) {
        top = new Cell(value, top);
        size++;
    }

    public int pop() {
        int value = top.value;
        top = top.below;
        if (size > 2) {
            size--;
        }
        return value;
    }

    public int size() {
        return size;
    }
}
