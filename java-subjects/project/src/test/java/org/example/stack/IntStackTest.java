package org.example.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class IntStackTest {
    @Test
    void popsInOrder() {
        IntStack s = new IntStack();
        s.push(1);
        s.push(2);
        assertEquals(2, s.pop());
        assertEquals(1, s.pop());
        assertEquals(0, s.size());
    }
}
