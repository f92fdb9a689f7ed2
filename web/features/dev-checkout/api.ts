import type { CheckoutAction, CheckoutActionResult, SimulatedCheckout, SimulatedPortal } from '../../../schema/contracts/payments';
import { api } from '../../lib/api';

/** The simulated checkout, which exists only where no real Stripe keys are configured (local and test). */
export const devCheckoutCalls = {
  session: (sessionId: string, signal?: AbortSignal) => api<SimulatedCheckout>(`/dev/checkout/${encodeURIComponent(sessionId)}`, { signal }),
  act: (sessionId: string, action: CheckoutAction) => api<CheckoutActionResult>(`/dev/checkout/${encodeURIComponent(sessionId)}/${action}`, { method: 'POST' }),
};

/** The simulated customer portal, standing in for Stripe's where a payer cancels a subscription. */
export const devPortalCalls = {
  portal: (customerId: string, signal?: AbortSignal) => api<SimulatedPortal>(`/dev/customer-portal/${encodeURIComponent(customerId)}`, { signal }),
  cancel: (customerId: string, subscriptionId: string) =>
    api<SimulatedPortal>(`/dev/customer-portal/${encodeURIComponent(customerId)}/cancel/${encodeURIComponent(subscriptionId)}`, { method: 'POST' }),
};
