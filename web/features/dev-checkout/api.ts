import type { CheckoutAction, CheckoutActionResult, SimulatedCheckout } from '../../../schema/contracts/payments';
import { api } from '../../lib/api';

/** The simulated checkout, which exists only where no real Stripe keys are configured (local and test). */
export const devCheckoutCalls = {
  session: (sessionId: string, signal?: AbortSignal) => api<SimulatedCheckout>(`/dev/checkout/${encodeURIComponent(sessionId)}`, { signal }),
  act: (sessionId: string, action: CheckoutAction) => api<CheckoutActionResult>(`/dev/checkout/${encodeURIComponent(sessionId)}/${action}`, { method: 'POST' }),
};
