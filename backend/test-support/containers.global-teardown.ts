/** Stops the containers that containers.global-setup.ts started, if any. */
export default async function stopContainers(): Promise<void> {
  const started = (globalThis as { __cansContainers?: Array<{ stop(): Promise<unknown> }> }).__cansContainers ?? [];
  await Promise.all(started.map((container) => container.stop()));
}
