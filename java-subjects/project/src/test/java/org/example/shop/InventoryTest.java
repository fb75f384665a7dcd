package org.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class InventoryTest {
    private Inventory<String> inventory;

    @BeforeEach
    void stock() {
        inventory = new Inventory<>();
        inventory.put("apple", 5);
        inventory.put("pear", 2);
    }

    @Test
    void takesSome() {
        assertTrue(inventory.take("pear", 2));
        assertTrue(inventory.take("apple", 2));
        assertEquals(3, inventory.total());
    }
}
