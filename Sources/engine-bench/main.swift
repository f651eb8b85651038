print("engine-bench: no benchmarks yet")
runHitTestBenchmark()
runEventThroughputBenchmark()
