import { useEffect, useState } from 'react';

/** Seconds left of a countdown, ticking once a second until 0 (ready); `start(n)` begins one. */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
};
