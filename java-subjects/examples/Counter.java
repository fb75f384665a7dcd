// An annotated class: sattar reads its specification from the annotations, no .spec file needed.
// Compile with: javac -cp java-subjects/annotations java-subjects/examples/Counter.java
import sattar.*;

@Invariant({"nonNegative: this.count >= 0", "bounded: this.count <= this.limit"})
public class Counter {
    int count;
    int limit;

    @Ensures({"incremented: this.count < this.limit => this.count' = this.count + 1 else this.count' = this.count",
              "resultOk: result = this.count'"})
    int increment() {
        if (count < limit) {
            count = count + 1;
        }
        return count;
    }
}
