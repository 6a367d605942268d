/** Leader election on a Lease among replicas of a controller, as client-go's leaderelection. */
export {
  LEASES,
  LeaderElector,
  LeaderElectionConfigError,
  validateLeaderElectionConfig,
  type LeaderElectionConfig,
} from './elector.ts';
