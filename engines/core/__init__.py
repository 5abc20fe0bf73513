"""What every game engine shares: the protocol, errors, the generator, geometry, scores."""
