package tree;

/** A token of the input: the payload of a tree node. */
public interface Token {
    int getType();
}
