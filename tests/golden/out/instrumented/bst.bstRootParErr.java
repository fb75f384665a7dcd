// Binary search tree of the SAT-TAR paper (Gopinath, Zaeem, Khurshid, ASE 2012), Figure 4a.
// Specification: specs/bst.spec. Seeded faults: java-subjects/faults.toml.
public class BinarySearchTree {
    Node root;
    int size; // number of nodes in this tree

    static class Node {
        Node left;
        Node right;
        Node parent;
        int key;
    }

    // inserts k; returns false if k is already in the tree
    boolean add(int k) {
        Node y = sattar.Cov.p(sattar.Cov.t(1), null);
        Node x = sattar.Cov.p(sattar.Cov.t(2), this.root);
        while (sattar.Cov.b(3, sattar.Cov.t(3) && ((x != null)))) {
            {sattar.Cov.s(4); y = x;}
            if (sattar.Cov.b(5, sattar.Cov.t(5) && ((k < x.key)))) {
                {sattar.Cov.s(6); x = x.left;}
            } else if (sattar.Cov.b(7, sattar.Cov.t(7) && ((k > x.key)))) {
                {sattar.Cov.s(8); x = x.right;}
            } else {
                {sattar.Cov.s(9); return false;}
            }
        }
        {sattar.Cov.s(10); x = new Node();}
        {sattar.Cov.s(11); x.key = k;}
        if (sattar.Cov.b(12, sattar.Cov.t(12) && ((y == null)))) {
            {sattar.Cov.s(13); this.root = null;}
        } else if (sattar.Cov.b(14, sattar.Cov.t(14) && ((k < y.key)))) {
            {sattar.Cov.s(15); y.left = x;}
        } else {
            {sattar.Cov.s(16); y.right = x;}
        }
        {sattar.Cov.s(17); x.parent = x;}
        {sattar.Cov.s(18); this.size = this.size + 1;}
        {sattar.Cov.s(19); return true;}
    }
}
