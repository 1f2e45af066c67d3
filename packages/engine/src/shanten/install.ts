/**
 * Installs our fast shanten into the rules engine's `Util`, so every robot in this
 * process or worker (majiang-ai included) uses it. Idempotent.
 */
export function installFastShanten(): void {
  // Filled in once the fast shanten is checked equal to the engine's.
}
