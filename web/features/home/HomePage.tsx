import { lazy, Suspense, useState } from 'react';
import CtaBand from './CtaBand';
import CurriculaSection from './CurriculaSection';
import Features from './Features';
import Hero from './Hero';
import HowItWorks from './HowItWorks';
import TrustSection from './TrustSection';

// Loaded on first open: the calendar and booking code stay out of the landing page's initial JS.
const FreeTrialDialog = lazy(() => import('../trials/FreeTrialDialog'));

export default function HomePage() {
  const [bookingOpen, setBookingOpen] = useState(false);
  const openBooking = () => setBookingOpen(true);

  return (
    <div className="bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <Hero onBook={openBooking} />
      <CurriculaSection />
      <HowItWorks />
      <Features />
      <TrustSection />
      <CtaBand onBook={openBooking} />
      {bookingOpen && (
        <Suspense fallback={null}>
          <FreeTrialDialog onClose={() => setBookingOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
