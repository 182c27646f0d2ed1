/** A four-step process indicator: steps light up as an operation completes them. */

export type StepState = 'idle' | 'active' | 'done' | 'failed';

export function ProcessFlow({ title, steps, states }: { title: string; steps: string[]; states: StepState[] }) {
  return (
    <div className="pflow" aria-label={title}>
      <div className="output-title">{title}</div>
      <ol className="pflow-steps">
        {steps.map((step, i) => (
          <li key={step} className="pflow-step" data-state={states[i] ?? 'idle'}>
            <span className="pflow-dot">{states[i] === 'done' ? '✓' : states[i] === 'failed' ? '✗' : i + 1}</span>
            <span className="pflow-label">{step}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Step states for an operation: all idle, running (the first active), done, or failed at the first. */
export function flowStates(phase: 'idle' | 'running' | 'done' | 'failed', count = 4): StepState[] {
  return Array.from({ length: count }, (_, i) => {
    if (phase === 'done') return 'done';
    if (phase === 'running') return i === 0 ? 'active' : 'idle';
    if (phase === 'failed') return i === 0 ? 'failed' : 'idle';
    return 'idle';
  });
}
