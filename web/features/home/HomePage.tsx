import { useState } from 'react';
import CtaBand from './CtaBand';
import CurriculaSection from './CurriculaSection';
import Features from './Features';
import FreeTrialDialog from './FreeTrialDialog';
import Hero from './Hero';
import HowItWorks from './HowItWorks';
import TrustSection from './TrustSection';

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
      <FreeTrialDialog open={bookingOpen} onClose={() => setBookingOpen(false)} />
    </div>
  );
}
