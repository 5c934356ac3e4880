import { HowItWorks } from '../../features/landing/components/how-it-works';

export const Page2Route = () => <HowItWorks />;
