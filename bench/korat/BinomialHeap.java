// Korat subject for the binomial heap of objgen's `binheap` example (examples/binheap), written
// for bench/korat_bench.py. Korat enumerates every assignment of the fields below, within the
// bounds of finBinomialHeap, that repOK() accepts, up to isomorphism of the nodes.
//
// Scope N is objgen's: at most N nodes, int values 0..N-1 (keys, and degrees too), size 0..N.
package objgenbench;

import korat.finitization.IFinitization;
import korat.finitization.IObjSet;
import korat.finitization.impl.FinitizationFactory;

public class BinomialHeap {
    public static class Node {
        int key;
        int degree;
        Node parent;
        Node sibling;
        Node child;
    }

    Node head;
    int size;

    // A heap of `size` nodes is a list of binomial trees linked through `sibling`, one of degree
    // d for each bit d set in `size`, in increasing order of degree (so the degrees increase
    // strictly and the trees, of 2^d nodes each, hold `size` nodes in all). A node of degree d
    // has d children, linked through `sibling` with degrees d-1, d-2, ..., 0, each pointing back
    // to it through `parent` and holding no smaller key (equal keys allowed).
    //
    // No node can be reached twice: the occurrences of a node would have the same parent, and
    // the shallowest such node would then have two places in one list of siblings (or in the
    // root list), where degrees differ. So no visited set is needed, and the walk, which never
    // goes deeper or further along a list than the degrees allow, always ends.
    //
    // Korat enumerates only the fields repOK() reads, in the order it reads them, and on a
    // rejection moves on to the next value of the last field read. So repOK() reads every field
    // of every reachable node, stops at the first fault, and checks the shape (links and degrees)
    // of the whole heap before it reads any key: keys are enumerated only on good shapes.
    public boolean repOK() {
        int bits = size;
        int degree = 0;
        Node root = head;
        for (; bits != 0; bits >>= 1, degree++) {
            if ((bits & 1) == 0) continue;
            if (root == null || !shape(root, null, degree)) return false;
            root = root.sibling;
        }
        if (root != null) return false;
        for (root = head; root != null; root = root.sibling)
            if (!ordered(root, Integer.MIN_VALUE)) return false;
        return true;
    }

    // Is t a binomial tree of this degree, hanging from `parent`?
    private static boolean shape(Node t, Node parent, int degree) {
        if (t.parent != parent || t.degree != degree) return false;
        Node c = t.child;
        for (int d = degree - 1; d >= 0; d--) {
            if (c == null || !shape(c, t, d)) return false;
            c = c.sibling;
        }
        return c == null;
    }

    // Heap order in the (well-shaped) tree t, whose keys must not be below minKey.
    private static boolean ordered(Node t, int minKey) {
        if (t.key < minKey) return false;
        for (Node c = t.child; c != null; c = c.sibling)
            if (!ordered(c, t.key)) return false;
        return true;
    }

    public static IFinitization finBinomialHeap(int n) {
        IFinitization f = FinitizationFactory.create(BinomialHeap.class);
        IObjSet nodes = f.createObjSet(Node.class, n, true);
        f.set("head", nodes);
        f.set("size", f.createIntSet(0, n));
        f.set(Node.class, "parent", nodes);
        f.set(Node.class, "sibling", nodes);
        f.set(Node.class, "child", nodes);
        f.set(Node.class, "key", f.createIntSet(0, n - 1));
        f.set(Node.class, "degree", f.createIntSet(0, n - 1));
        return f;
    }
}
