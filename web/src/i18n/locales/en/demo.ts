/** The demo page: the Dilion, QES2 and zk-FIDNA tabs, the process flow and the benchmark. */
export default {
  title: 'Interactive demo',
} as const;
