//! The JVM worker process of sattar's JVM bridge (spawned by `JvmRunner`).

fn main() {
    sattar_jvm::worker_main()
}
