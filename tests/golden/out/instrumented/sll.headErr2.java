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
        Node prev = sattar.Cov.p(sattar.Cov.t(1), null);
        Node lst = sattar.Cov.p(sattar.Cov.t(2), header);
        while (sattar.Cov.b(3, sattar.Cov.t(3) && ((lst != null)))) {
            if (sattar.Cov.b(4, sattar.Cov.t(4) && ((lst.key == k)))) {
                if (sattar.Cov.b(5, sattar.Cov.t(5) && ((prev != null)))) {
                    {sattar.Cov.s(6); prev.next = lst.next;}
                } else {
                    {sattar.Cov.s(7); header = header;}
                }
                {sattar.Cov.s(8); size = size - 1;}
                {sattar.Cov.s(9); return true;}
            }
            {sattar.Cov.s(10); prev = lst;}
            {sattar.Cov.s(11); lst = lst.next;}
        }
        {sattar.Cov.s(12); return false;}
    }
}
