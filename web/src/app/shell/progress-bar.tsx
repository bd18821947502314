import { useEffect, useRef, useState } from 'react';
import { useProgressState } from '../progress';

/** Spec §2: a thin bar at the top on every route change; no spinner. */
export function ProgressBar() {
  const { running, generation } = useProgressState();
  const [width, setWidth] = useState(0);
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation restarts the bar even while it is finishing
  useEffect(() => {
    if (running) {
      setVisible(true);
      setWidth(8);
      clearInterval(timer.current);
      // Creeps towards 90% and waits there for the work to finish.
      timer.current = setInterval(() => setWidth((w) => (w < 90 ? w + (90 - w) * 0.12 : w)), 120);
      return;
    }
    clearInterval(timer.current);
    if (!visible) return;
    setWidth(100);
    const hide = setTimeout(() => {
      setVisible(false);
      setWidth(0);
    }, 250);
    return () => clearTimeout(hide);
  }, [running, generation, visible]);

  useEffect(() => () => clearInterval(timer.current), []);

  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!visible}
      data-state={running ? 'running' : visible ? 'finishing' : 'idle'}
      aria-valuenow={Math.round(width)}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        width: `${width}%`,
        opacity: visible ? 1 : 0,
        background: 'var(--mantine-color-blue-6)',
        boxShadow: '0 0 6px var(--mantine-color-blue-4)',
        transition: 'width 120ms ease-out, opacity 200ms linear',
        zIndex: 10000,
        pointerEvents: 'none',
      }}
    />
  );
}
