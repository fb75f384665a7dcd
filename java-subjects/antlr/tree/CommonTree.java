package tree;

/** A tree node holding a token, its parent and its position among the parent's children. */
public class CommonTree extends BaseTree {
    Token token;
    CommonTree parent;
    int childIndex = -1;

    public boolean isNil() {
        return token == null;
    }

    public Tree getParent() {
        return parent;
    }

    public void setParent(Tree t) {
        this.parent = (CommonTree) t;
    }

    public int getChildIndex() {
        return childIndex;
    }

    public void setChildIndex(int index) {
        this.childIndex = index;
    }
}
