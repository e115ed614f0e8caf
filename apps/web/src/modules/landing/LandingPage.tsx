import { ClosingCallToAction } from './components/ClosingCallToAction';
import { DeveloperApiSection } from './components/DeveloperApiSection';
import { FeaturesSection } from './components/FeaturesSection';
import { HeroSection } from './components/HeroSection';
import { LandingFooter } from './components/LandingFooter';
import { PricingSection } from './components/PricingSection';

export function LandingPage() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <PricingSection />
      <DeveloperApiSection />
      <ClosingCallToAction />
      <LandingFooter />
    </>
  );
}
