// Singly linked list of the SAT-TAR paper (Gopinath, Zaeem, Khurshid, ASE 2012), Listing 1.
// Specification: specs/linkedlist.spec. Seeded faults: java-subjects/faults.toml.
public class LinkedList {
    Node header;
    int size; // number of nodes in this list

    static class Node {
        Node next;
        int key;
    }

    // removes the node with key value k
    boolean delete(int k) {
        Node prev = null;
        Node lst = header;
        while (lst != null) {
            if (lst.key == k) {
                if (prev != null) {
                    prev.next = lst.next;
                } else {
                    header = header.next;
                }
                size = size - 1;
                return true;
            }
            prev = lst;
            lst = lst.next;
        }
        return false;
    }
}
