import { lazy, Suspense, useState } from 'react';
import CtaBand from '../features/home/CtaBand';
import CurriculaSection from '../features/home/CurriculaSection';
import Features from '../features/home/Features';
import Hero from '../features/home/Hero';
import HowItWorks from '../features/home/HowItWorks';
import Testimonials from '../features/home/Testimonials';
import TrustSection from '../features/home/TrustSection';

// Loaded on first open: the calendar and booking code stay out of the landing page's initial JS.
const FreeTrialDialog = lazy(() => import('../features/trials/FreeTrialDialog'));

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
      <Testimonials />
      <CtaBand onBook={openBooking} />
      {bookingOpen && (
        <Suspense fallback={null}>
          <FreeTrialDialog onClose={() => setBookingOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
